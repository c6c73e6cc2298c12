/**
 * Largest request body per kind of endpoint. Reading a body costs CPU in proportion to its size
 * before anything can refuse it (decoding, the structure scan, JSON.parse), so one global cap of
 * MAX_BODY_BYTES (32 MiB) would let any endpoint be made to spend about a second of CPU
 * per request. Each endpoint takes what its largest valid request
 * needs; only the bulk uploads keep MAX_BODY_BYTES.
 */

/**
 * Chat: the largest context window (262,144 tokens, about 1 MiB of text) with room for JSON
 * escapes and content parts. Reading 2 MiB stays within the budget of 100 ms of CPU per request
 * (bench/hostile); twice that may not.
 */
export const CHAT_MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Everything else but the bulk uploads: the contract's bounds keep every valid body far below
 * this (the largest, adding 1,000 calls with 50 display fields, is under 200 KB).
 */
export const SMALL_MAX_BODY_BYTES = 1024 * 1024;

/**
 * One call's start or end (`/call/start`, `/call/end`): inputs or output up to 3.5 MiB as stored
 * JSON (LIMITS.callInputsBytes), with room for the escapes the wire form may use and the rest of
 * the call.
 */
export const CALL_MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Endpoints whose bodies are training data (RL trajectory groups) or batches of traced calls:
 * these take MAX_BODY_BYTES. The weave SDKs send every start and end through `/call/upsert_batch`:
 * the TypeScript SDK fills a batch up to 10 MiB of JSON characters (MAX_BATCH_SIZE_CHARS in
 * weaveClient.js; up to 30 MiB of UTF-8 when the text is not Latin), the Python SDK up to 31 MiB
 * (REMOTE_REQUEST_BYTES_LIMIT, 1 MiB under upstream's 32 MiB). A refused batch is retried by the
 * TypeScript SDK ten times and then it exits the traced program, so the batch endpoint takes what
 * upstream takes. Reading a full one costs about a second of CPU; the SDKs send that much only
 * when thousands of calls were traced in one 200 ms flush interval.
 */
const BULK_UPLOADS = [
  /^\/api\/training\/v1\/preview\/training-jobs\/?$/,
  /^\/api\/training\/v1\/preview\/models\/[^/]+\/log\/?$/,
  /^\/api\/trace\/call\/upsert_batch\/?$/,
];
const CALL_WRITES = /^\/api\/trace\/call\/(start|end)\/?$/;
const CHAT = /^\/api\/(training|inference)\/v1\/chat\/completions\/?$/;

/**
 * Trace endpoints that carry a dataset's rows or a file's bytes: upstream's real limit is 32 MiB
 * (its clients split tables into requests of at most 31 MiB, and the TypeScript SDK sends a whole
 * dataset in one; 100,000 row digests are some 5 MiB), and a file may be LIMITS.fileBytes (31 MiB) plus its form. These take
 * MAX_BODY_BYTES; every other trace endpoint stays at SMALL_MAX_BODY_BYTES.
 */
const TRACE_UPLOADS = /^\/api\/trace\/(file\/create|table\/create|table\/create_from_digests|table\/update)\/?$/;

/** The body limit of a request to `path`, never above `maxBodyBytes` (MAX_BODY_BYTES). */
export function bodyLimitFor(path: string, maxBodyBytes: number): number {
  if (BULK_UPLOADS.some((pattern) => pattern.test(path)) || TRACE_UPLOADS.test(path)) return maxBodyBytes;
  const limit = CHAT.test(path)
    ? CHAT_MAX_BODY_BYTES
    : CALL_WRITES.test(path)
      ? CALL_MAX_BODY_BYTES
      : SMALL_MAX_BODY_BYTES;
  return Math.min(limit, maxBodyBytes);
}

/** The body limit of a request to `path` on this server: the services' (under /api/) or none (the dashboard's files). */
export function apiBodyLimit(path: string, maxBodyBytes: number): number | undefined {
  return path.startsWith("/api/") ? bodyLimitFor(path, maxBodyBytes) : undefined;
}
