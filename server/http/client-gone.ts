import type { Context } from "hono";

/** Codes of the errors a request body's read fails with when the client has gone (closed, reset, timed out). */
const GONE_CODES = new Set(["ECONNRESET", "ECONNABORTED", "ERR_STREAM_PREMATURE_CLOSE", "ERR_HTTP_REQUEST_TIMEOUT"]);

/**
 * Whether `err` only says the client went away while its request was read: its connection was
 * closed, reset or timed out. Nobody is left to answer, and nothing on the server failed, so it is
 * worth one line in the log, not a stack trace per request (a client that aborts in a loop would
 * otherwise write five lines per request).
 */
export function isClientGone(err: unknown, c: Context): boolean {
  if (c.req.raw.signal?.aborted) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return (code !== undefined && GONE_CODES.has(code)) || err.name === "AbortError";
}
