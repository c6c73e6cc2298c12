import { parentPort } from "node:worker_threads";
import { RequestValidationError, ServiceError } from "../http/errors";
import { prepareUpload } from "./kinds";
import { packUpload, type SerializedError, type UploadReply, type UploadRequest } from "./messages";

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

parentPort!.on("message", async ({ id, kind, bytes, contentType }: UploadRequest) => {
  let reply: UploadReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const packing = packUpload(await prepareUpload(kind, new Uint8Array(bytes), contentType, true));
    reply = { id, ok: true, packed: packing.packed };
    transfer = packing.transfer;
  } catch (error) {
    reply = { id, ok: false, error: serialize(error) };
  }
  // A worker thread's port, not a window: there is no target origin to name.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  parentPort!.postMessage(reply, transfer);
});
