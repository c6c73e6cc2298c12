import type { Context } from "hono";
import { createConcurrencyLimiter } from "../../http/concurrency";
import type { AppEnv } from "../../http/env";
import { parseJsonBytes, readBodyBytes } from "../../http/json-body";
import { prepareBulk, type BulkKind, type PreparedBulk } from "./prepare";
import { bulkWorker } from "./worker-client";

/**
 * Bodies at least this large are parsed, validated and serialised in the bulk-upload worker. Up
 * to MAX_BODY_BYTES (32 MiB) that work is 0.5-2 s of CPU; on the event loop it held every other
 * request, /health and the annotators' reviews among them, for that long (issue 21). Below 1 MiB
 * it costs less than the trip to the worker is worth.
 */
export const OFF_THREAD_BYTES = 1024 * 1024;

/** Large bodies (OFF_THREAD_BYTES and up) one entity may have in flight: each holds up to 32 MiB until stored. */
export const LARGE_UPLOADS_PER_ENTITY = 2;

export type BulkUploadReader = <K extends BulkKind>(c: Context<AppEnv>, kind: K) => Promise<Extract<PreparedBulk, { kind: K }>>;

/**
 * Reads a bulk upload's body, checked as validateJson checks any body (the same 400s and 422s, in
 * the same words) and ready to store. Large bodies are handled by the worker thread; what stays on
 * the event loop is reading the bytes and storing the rows. A third large body from one entity
 * while two are in flight is a 429, so one tenant cannot queue gigabytes in front of the others.
 * `offThreadBytes` is lowered in tests, so the fuzz suite sends its bodies through the worker.
 */
export function createBulkUploadReader(options: { offThreadBytes?: number } = {}): BulkUploadReader {
  const offThreadBytes = options.offThreadBytes ?? OFF_THREAD_BYTES;
  const largeUploads = createConcurrencyLimiter(
    LARGE_UPLOADS_PER_ENTITY,
    (limit) => `Too many large uploads: at most ${limit} request bodies over ${OFF_THREAD_BYTES / 1024 / 1024} MiB at a time per entity. Retry when one finishes.`,
  );
  return async (c, kind) => {
    const entity = c.get("user").entity;
    // Counted before reading when the client says the body is large, so the bytes are never held.
    let release = Number(c.req.header("content-length")) >= offThreadBytes ? largeUploads.acquire(entity) : undefined;
    try {
      const bytes = await readBodyBytes(c);
      if (bytes.length < offThreadBytes) return prepareBulk(kind, await parseJsonBytes(bytes)) as Extract<PreparedBulk, { kind: typeof kind }>;
      release ??= largeUploads.acquire(entity);
      return (await bulkWorker().prepare(kind, bytes)) as Extract<PreparedBulk, { kind: typeof kind }>;
    } finally {
      release?.();
    }
  };
}
