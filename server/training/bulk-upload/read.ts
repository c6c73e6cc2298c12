import type { Context } from "hono";
import { parseJsonBytes, readBodyBytes } from "../../http/json-body";
import { prepareBulk, type BulkKind, type PreparedBulk } from "./prepare";
import { bulkWorker } from "./worker-client";

/**
 * Bodies at least this large are parsed, validated and serialised in the bulk-upload worker. Up
 * to MAX_BODY_BYTES (32 MiB) that work is 0.5-2 s of CPU; on the event loop it held every other
 * request, /health and the annotators' reviews among them, for that long (issue 21). Below 1 MiB
 * it costs less than the trip to the worker is worth (about 30 ms per MiB).
 */
export const OFF_THREAD_BYTES = 1024 * 1024;

/**
 * A bulk upload's body, checked as validateJson checks any body (the same 400s and 422s, in the
 * same words) and ready to store. Large bodies are handled by a worker thread; what stays on the
 * event loop is reading the bytes and storing the rows.
 */
export async function readBulkUpload<K extends BulkKind>(c: Context, kind: K): Promise<Extract<PreparedBulk, { kind: K }>> {
  const bytes = await readBodyBytes(c);
  const prepared = bytes.length >= OFF_THREAD_BYTES ? await bulkWorker().prepare(kind, bytes) : prepareBulk(kind, await parseJsonBytes(bytes));
  return prepared as Extract<PreparedBulk, { kind: K }>;
}
