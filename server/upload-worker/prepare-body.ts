import { prepareUpload, type PreparedUpload, type UploadKind } from "./kinds";
import { uploadWorker } from "./worker-client";

/**
 * Bodies at least this large are parsed, validated and prepared in the upload worker. Up to
 * MAX_BODY_BYTES (32 MiB) that work is up to seconds of CPU; on the event loop it would hold every
 * other request, /health and the annotators' reviews among them, for that long. Below 1 MiB
 * it costs less than the trip to the worker is worth.
 */
export const OFF_THREAD_BYTES = 1024 * 1024;

/**
 * A body's bytes made ready to store as `kind` (kinds.ts), with the same refusals whichever side
 * does it: in the upload worker from `offThreadBytes` on (tests lower it to send every body
 * there), on the event loop below.
 */
export function prepareUploadBody<K extends UploadKind>(
  kind: K,
  bytes: Uint8Array,
  contentType: string,
  offThreadBytes = OFF_THREAD_BYTES,
): Promise<PreparedUpload<K>> {
  if (bytes.length < offThreadBytes) return prepareUpload(kind, bytes, contentType, false);
  return uploadWorker().prepare(kind, bytes, contentType);
}
