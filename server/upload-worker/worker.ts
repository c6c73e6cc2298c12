import { parentPort } from "node:worker_threads";
import { RequestValidationError, ServiceError } from "../http/errors";
import { prepareUpload, type UploadKind } from "./kinds";
import {
  packSlice,
  packUpload,
  rowCount,
  splitRows,
  type SerializedError,
  type UploadReply,
  type UploadRequest,
} from "./messages";

// Runs in the upload worker thread (worker-client.ts starts it): parses, validates and prepares
// one large upload at a time (kinds.ts), off the event loop that serves every other request.

function serialize(error: unknown): SerializedError {
  if (error instanceof RequestValidationError) return { type: "validation", detail: error.detail };
  if (error instanceof ServiceError) {
    return {
      type: "service",
      status: error.status,
      message: error.message,
      ...(error.code === undefined ? {} : { code: error.code }),
      ...(error.param === undefined ? {} : { param: error.param }),
    };
  }
  return { type: "unexpected", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** A streamed upload's body as it arrives, until its `end`. */
const arriving = new Map<
  number,
  { kind: UploadKind; contentType: string; rowLists: string[]; chunks: Uint8Array[]; bytes: number }
>();
/** A streamed upload's rows once prepared, until the event loop has taken the last slice (or released it). */
const prepared = new Map<number, { lists: Record<string, string[]>; next: number }>();

function reply(message: UploadReply, transfer: ArrayBuffer[] = []): void {
  // A worker thread's port, not a window: there is no target origin to name.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  parentPort!.postMessage(message, transfer);
}

/** The body's chunks joined once, here rather than on the event loop. */
function joined(chunks: Uint8Array[], bytes: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function prepareWhole(id: number, kind: UploadKind, bytes: Uint8Array, contentType: string): Promise<void> {
  try {
    const packing = packUpload(await prepareUpload(kind, bytes, contentType, true));
    reply({ id, ok: true, packed: packing.packed }, packing.transfer);
  } catch (error) {
    reply({ id, ok: false, error: serialize(error) });
  }
}

async function prepareStreamed(upload: number, id: number): Promise<void> {
  const body = arriving.get(upload);
  arriving.delete(upload);
  if (!body) return reply({ id, ok: false, error: { type: "unexpected", message: `no upload ${upload} arriving` } });
  try {
    const { fields, lists } = splitRows(
      await prepareUpload(body.kind, joined(body.chunks, body.bytes), body.contentType, true),
      body.rowLists,
    );
    const rows = rowCount(lists);
    if (rows > 0) prepared.set(upload, { lists, next: 0 });
    reply({ id, ok: true, packed: { fields, lists: {} }, rows });
  } catch (error) {
    reply({ id, ok: false, error: serialize(error) });
  }
}

function takeSlice(upload: number, id: number): void {
  const rows = prepared.get(upload);
  if (!rows)
    return reply({ id, ok: false, error: { type: "unexpected", message: `no rows left of upload ${upload}` } });
  const { packed, next } = packSlice(rows.lists, rows.next);
  rows.next = next;
  if (next >= rowCount(rows.lists)) prepared.delete(upload);
  reply({ id, ok: true, packed });
}

parentPort!.on("message", async (message: UploadRequest) => {
  switch (message.type) {
    case "prepare":
      return prepareWhole(message.id, message.kind, new Uint8Array(message.bytes), message.contentType);
    case "begin":
      arriving.set(message.upload, { ...message, chunks: [], bytes: 0 });
      return;
    case "chunk": {
      const body = arriving.get(message.upload);
      body?.chunks.push(new Uint8Array(message.bytes));
      if (body) body.bytes += message.bytes.byteLength;
      return;
    }
    case "end":
      return prepareStreamed(message.upload, message.id);
    case "take":
      return takeSlice(message.upload, message.id);
    case "release":
      arriving.delete(message.upload);
      prepared.delete(message.upload);
      return;
  }
});
