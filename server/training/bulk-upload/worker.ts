import { parentPort } from "node:worker_threads";
import { RequestValidationError, ServiceError } from "../../http/errors";
import { parseJsonBytes } from "../../http/json-body";
import { prepareBulk } from "./prepare";
import { packBulk, type BulkRequest, type BulkReply, type SerializedError } from "./messages";

// Runs in the bulk-upload worker thread (worker-client.ts starts it): parses, validates and
// serialises one bulk body at a time, off the event loop that serves every other request.

function serialize(error: unknown): SerializedError {
  if (error instanceof RequestValidationError) return { type: "validation", detail: error.detail };
  if (error instanceof ServiceError) {
    return { type: "service", status: error.status, message: error.message, ...(error.code === undefined ? {} : { code: error.code }), ...(error.param === undefined ? {} : { param: error.param }) };
  }
  return { type: "unexpected", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

parentPort!.on("message", async ({ id, kind, bytes }: BulkRequest) => {
  let reply: BulkReply;
  try {
    reply = { id, ok: true, packed: packBulk(prepareBulk(kind, await parseJsonBytes(new Uint8Array(bytes), { inOneGo: true }))) };
  } catch (error) {
    reply = { id, ok: false, error: serialize(error) };
  }
  // A worker thread's port, not a window: there is no target origin to name.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  parentPort!.postMessage(reply);
});
