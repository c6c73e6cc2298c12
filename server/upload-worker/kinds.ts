import { parseJsonBytes } from "../http/json-body";
import { prepareCallBatch } from "../trace/call-writes/prepare-batch";
import { prepareFileForm } from "../trace/files/prepare-file";
import { prepareTableCreate, prepareTableFromDigests, prepareTableUpdate } from "../trace/tables/prepare-upload";
import { prepareBulk } from "../training/bulk-upload/prepare";

/**
 * How a body is made ready to store, on either side: `inWorker` when the upload worker runs it (its
 * event loop serves no one, so a JSON body is parsed in one go rather than in steps).
 */
type Preparation<P> = (bytes: Uint8Array, contentType: string, inWorker: boolean) => Promise<P>;

/** A JSON body, parsed as readJsonBody parses one (its Content-Type already checked), then `prepare`d. */
const fromJson =
  <P>(prepare: (data: unknown) => P): Preparation<P> =>
  async (bytes, _contentType, inWorker) =>
    prepare(await parseJsonBytes(bytes, { inOneGo: inWorker }));

/**
 * Every kind of upload the worker prepares, each in its own module: the checks the event-loop path
 * makes (the same 400s and 422s, in the same words) and the work of making it ready to store.
 */
export const UPLOAD_KINDS = {
  "rl-job": fromJson((data) => prepareBulk("rl-job", data)),
  log: fromJson((data) => prepareBulk("log", data)),
  "table-create": fromJson(prepareTableCreate),
  "table-create-from-digests": fromJson(prepareTableFromDigests),
  "table-update": fromJson(prepareTableUpdate),
  "file-create": (bytes, contentType) => prepareFileForm(bytes, contentType),
  "call-upsert-batch": fromJson(prepareCallBatch),
} satisfies Record<string, Preparation<object>>;

export type UploadKind = keyof typeof UPLOAD_KINDS;
/** What a kind's preparation gives. */
export type PreparedUpload<K extends UploadKind> = Awaited<ReturnType<(typeof UPLOAD_KINDS)[K]>>;

/** `bytes` made ready as `kind`. */
export function prepareUpload<K extends UploadKind>(
  kind: K,
  bytes: Uint8Array,
  contentType: string,
  inWorker: boolean,
): Promise<PreparedUpload<K>> {
  const prepare: Preparation<object> = UPLOAD_KINDS[kind];
  return prepare(bytes, contentType, inWorker) as Promise<PreparedUpload<K>>;
}
