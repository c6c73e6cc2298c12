import * as z from "zod/mini";
import { ProjectId } from "../../../contract/common";
import { LIMITS } from "../../../contract/limits";
import type { ValidationErrorEntry } from "../../../contract/errors";
import { echo } from "../../http/echo";
import { RequestValidationError, ServiceError } from "../../http/errors";
import { parseOrThrow } from "../../http/validate";
import { fileDigest } from "./digest";

const FileFields = z.object({ project_id: ProjectId });

const invalid = (entry: ValidationErrorEntry) => new RequestValidationError([entry]);
const missing = (field: string) => invalid({ loc: ["body", field], msg: "Field required", type: "missing" });

/**
 * A 422 on `body` unless `contentType` is multipart form data. The route checks it before reading a
 * byte of the body (a 32 MiB body sent as JSON is refused without being read), and prepareFileForm
 * again, whichever side runs it.
 */
export function assertMultipartForm(contentType: string): void {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw invalid({
      loc: ["body"],
      msg: `Expected multipart form data with a 'project_id' field and a 'file' part; the body was sent as '${echo(contentType.split(";")[0]!.trim() || "nothing")}'.`,
      type: "model_attributes_type",
    });
  }
}

/** A file upload ready to store: its project, name, content and content digest. */
export type PreparedFile = { projectId: string; name: string; digest: string; content: Uint8Array };

/**
 * The multipart form of `/file/create` as upstream's FastAPI route reads it: a `project_id` field
 * and a `file` part (other fields are ignored). A body that is not multipart form data is a 422
 * on `body`, a form that cannot be parsed a 400 (FastAPI: "There was an error parsing the body"),
 * a missing field a 422 `missing` naming it; a file over LIMITS.fileBytes, or with a name over
 * LIMITS.labelLength characters, is a 422 on `file` naming the bound. The body itself is bounded
 * by the body-limit middleware (body-limits.ts) before any of this reads it.
 *
 * Reading a 31 MiB form and hashing it is some 100 ms of CPU: from 1 MiB on it is done in the
 * upload worker (upload-worker/kinds.ts), and the content crosses back moved, not copied.
 */
export async function prepareFileForm(bytes: Uint8Array, contentType: string): Promise<PreparedFile> {
  assertMultipartForm(contentType);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "Content-Type": contentType },
    }).formData();
  } catch {
    throw new ServiceError(
      400,
      "There was an error parsing the body: it is not valid multipart form data.",
      "invalid_form",
    );
  }
  const projectId = form.get("project_id");
  if (projectId === null) throw missing("project_id");
  if (typeof projectId !== "string")
    throw invalid({ loc: ["body", "project_id"], msg: "Input should be a valid string", type: "string_type" });
  const { project_id } = parseOrThrow(FileFields, { project_id: projectId }, "body");
  const file = form.get("file");
  if (file === null) throw missing("file");
  if (typeof file === "string")
    throw invalid({ loc: ["body", "file"], msg: "Expected UploadFile, received: <class 'str'>", type: "value_error" });
  if (file.size > LIMITS.fileBytes) {
    throw invalid({
      loc: ["body", "file"],
      msg: `File should be at most ${LIMITS.fileBytes} bytes (31 MiB); it has ${file.size}.`,
      type: "too_long",
    });
  }
  if (file.name.length > LIMITS.labelLength) {
    throw invalid({
      loc: ["body", "file", "filename"],
      msg: `File name should have at most ${LIMITS.labelLength} characters.`,
      type: "string_too_long",
    });
  }
  const content = new Uint8Array(await file.arrayBuffer());
  return { projectId: project_id, name: file.name, digest: fileDigest(content), content };
}
