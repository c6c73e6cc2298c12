import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ValidationErrorEntry } from "../../../contract/errors";
import type { BulkKind, PreparedBulk } from "./prepare";

/** What crosses between the event loop and the bulk-upload worker. */
export type BulkRequest = { id: number; kind: BulkKind; bytes: ArrayBuffer };

/** A refusal as the worker saw it, rebuilt into the same error on the other side. */
export type SerializedError =
  | { type: "validation"; detail: ValidationErrorEntry[] }
  | { type: "service"; status: ContentfulStatusCode; message: string; code?: string; param?: string }
  | { type: "unexpected"; message: string };

export type BulkReply = { id: number; ok: true; prepared: PreparedBulk } | { id: number; ok: false; error: SerializedError };
