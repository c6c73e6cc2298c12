import type { Context } from "hono";
import { createConcurrencyLimiter } from "../../http/concurrency";
import type { AppEnv } from "../../http/env";
import { readBodyBytes } from "../../http/json-body";
import { OFF_THREAD_BYTES, prepareUploadBody } from "../../upload-worker/prepare-body";
import type { BulkKind, PreparedBulk } from "./prepare";

/** Large bodies (OFF_THREAD_BYTES and up) one entity may have in flight: each holds up to 32 MiB until stored. */
export const LARGE_UPLOADS_PER_ENTITY = 2;

export type BulkUploadReader = <K extends BulkKind>(
  c: Context<AppEnv>,
  kind: K,
) => Promise<Extract<PreparedBulk, { kind: K }>>;

/**
 * Reads a bulk upload's body, checked as validateJson checks any body (the same 400s and 422s, in
 * the same words) and ready to store. Large bodies are handled by the upload worker thread
 * (upload-worker/); what stays on the event loop is reading the bytes and storing the rows. A
 * third large body from one entity while two are in flight is a 429, so one tenant cannot queue
 * gigabytes in front of the others. `offThreadBytes` is lowered in tests, so the fuzz suite sends
 * its bodies through the worker.
 */
export function createBulkUploadReader(options: { offThreadBytes?: number | undefined } = {}): BulkUploadReader {
  const offThreadBytes = options.offThreadBytes ?? OFF_THREAD_BYTES;
  const largeUploads = createConcurrencyLimiter(
    LARGE_UPLOADS_PER_ENTITY,
    (limit) =>
      `Too many large uploads: at most ${limit} request bodies over ${OFF_THREAD_BYTES / 1024 / 1024} MiB at a time per entity. Retry when one finishes.`,
  );
  return async (c, kind) => {
    const entity = c.get("user").entity;
    // Counted before reading when the client says the body is large, so the bytes are never held.
    let release = Number(c.req.header("content-length")) >= offThreadBytes ? largeUploads.acquire(entity) : undefined;
    try {
      const bytes = await readBodyBytes(c);
      if (bytes.length >= offThreadBytes) release ??= largeUploads.acquire(entity);
      return (await prepareUploadBody(kind, bytes, "", offThreadBytes)) as Extract<PreparedBulk, { kind: typeof kind }>;
    } finally {
      release?.();
    }
  };
}
