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

/**
 * A prepared upload as it crosses back: its group texts joined into one string, with where each
 * ends. Thousands of strings took the event loop 100-400 ms to receive (each one is allocated
 * there); one string of the same 32 MiB arrives in one copy, and slicing it again is cheap.
 */
export type PackedBulk = { prepared: Omit<PreparedBulk, "groupTexts">; joined: string; ends: number[] };

export type BulkReply = { id: number; ok: true; packed: PackedBulk } | { id: number; ok: false; error: SerializedError };

export function packBulk({ groupTexts, ...prepared }: PreparedBulk): PackedBulk {
  let end = 0;
  return { prepared, joined: groupTexts.join(""), ends: groupTexts.map((text) => (end += text.length)) };
}

export function unpackBulk({ prepared, joined, ends }: PackedBulk): PreparedBulk {
  const groupTexts = ends.map((end, index) => joined.slice(index === 0 ? 0 : ends[index - 1], end));
  return { ...prepared, groupTexts } as PreparedBulk;
}
