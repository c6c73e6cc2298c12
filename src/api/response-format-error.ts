/**
 * A response body that does not have the promised format (a line that is not JSON, an object
 * that fails its schema). Parsers throw it without knowing which service they read; the HTTP
 * layer turns it into an ApiError of kind "invalid_response" for that service.
 */
export class ResponseFormatError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ResponseFormatError";
  }
}
