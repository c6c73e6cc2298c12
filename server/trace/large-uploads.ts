import type { MiddlewareHandler } from "hono";
import { createConcurrencyLimiter } from "../http/concurrency";
import type { AppEnv } from "../http/env";

/** A body at least this large (by its Content-Length) counts as a large upload. */
export const LARGE_UPLOAD_BYTES = 1024 * 1024;
export const LARGE_UPLOADS_PER_ENTITY = 2;

/**
 * The trace service's large uploads (files, tables, call batches): each body may be up to 32 MiB
 * (body-limits.ts) and is held whole while it is read, checked in the upload worker and stored.
 * One entity may have LARGE_UPLOADS_PER_ENTITY of them in flight, across all those endpoints;
 * a further one is a 429 (the weave SDKs retry those), so one tenant cannot fill the memory or
 * the worker's queue. One middleware per trace service, used on each upload route.
 */
export function createLargeUploadLimit(): MiddlewareHandler<AppEnv> {
  const largeUploads = createConcurrencyLimiter(
    LARGE_UPLOADS_PER_ENTITY,
    (limit) =>
      `Too many large uploads: at most ${limit} file, table or call batch bodies over ${LARGE_UPLOAD_BYTES / 1024 / 1024} MiB at a time per entity. Retry when one finishes.`,
  );
  return async (c, next) => {
    const large = Number(c.req.header("content-length")) >= LARGE_UPLOAD_BYTES;
    const release = large ? largeUploads.acquire(c.get("user").entity) : undefined;
    try {
      await next();
    } finally {
      release?.();
    }
  };
}
