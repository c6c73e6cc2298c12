import type { Context } from "hono";
import type { AppEnv } from "../../http/env";
import { isJsonBody, readBodyBytes } from "../../http/json-body";
import { requestChunks } from "../../http/request-body";
import { prepareUpload } from "../../upload-worker/kinds";
import { OFF_THREAD_BYTES } from "../../upload-worker/prepare-body";
import { uploadWorker, type StreamedUpload } from "../../upload-worker/worker-client";
import type { BatchRows } from "./write-calls";

/** The lists of a prepared batch with one entry per item (the rest, its project ids, comes at once). */
const ROW_LISTS: (keyof BatchRows)[] = ["heads", "payloads", "extras"];

/** An upsert batch checked whole, whose rows are read as they are stored; `release` once done, stored or not. */
export type ReceivedBatch = {
  projectIds: string[];
  slices: Iterable<BatchRows> | AsyncIterable<BatchRows>;
  release(): void;
};

/**
 * `/call/upsert_batch`'s body, checked as `CallUpsertBatchRequest` says (prepare-batch.ts). Below
 * `offThreadBytes` on the event loop; from it on in the upload worker, the body sent there piece by
 * piece as it arrives when its Content-Length says it is that large (never joined here), and its
 * rows brought back a slice at a time while they are stored, the next slice asked for while one is
 * written: the event loop never copies, receives or keeps the 32 MiB at once.
 */
export async function receiveCallBatch(c: Context<AppEnv>, offThreadBytes = OFF_THREAD_BYTES): Promise<ReceivedBatch> {
  const declared = Number(c.req.header("content-length"));
  const body = declared >= offThreadBytes && isJsonBody(c) ? requestChunks(c) : undefined;
  if (body) return streamToWorker(body);
  // A body of unknown length (or refused for its Content-Type) is read first.
  const bytes = await readBodyBytes(c);
  if (bytes.length >= offThreadBytes) return streamToWorker([bytes]);
  const batch = await prepareUpload("call-upsert-batch", bytes, "", false);
  return { projectIds: batch.projectIds, slices: [batch], release: () => undefined };
}

async function streamToWorker(source: AsyncIterable<Uint8Array> | Uint8Array[]): Promise<ReceivedBatch> {
  const upload = uploadWorker().stream("call-upsert-batch", ROW_LISTS);
  try {
    for await (const chunk of source) upload.push(chunk);
    const { fields, rows } = await upload.finish();
    return { projectIds: fields.projectIds as string[], slices: slicesOf(upload, rows), release: upload.release };
  } catch (error) {
    upload.release();
    throw error;
  }
}

/** The batch's `rows` rows, a slice at a time, the next one asked for before the current one is handed on. */
async function* slicesOf(upload: StreamedUpload, rows: number): AsyncGenerator<BatchRows> {
  let taken = 0;
  let next = rows > 0 ? upload.take() : undefined;
  while (next) {
    // Awaited below; a failure left behind when the writer stops early must not go unhandled.
    next.catch(() => undefined);
    const slice = (await next) as BatchRows;
    taken += slice.heads.length;
    next = taken < rows ? upload.take() : undefined;
    yield slice;
  }
}
