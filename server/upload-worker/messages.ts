import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ValidationErrorEntry } from "../../contract/errors";
import type { UploadKind } from "./kinds";

/** What crosses from the event loop to the upload worker: one body's bytes (moved, not copied) and its Content-Type. */
export type UploadRequest = { id: number; kind: UploadKind; bytes: ArrayBuffer; contentType: string };

/** A refusal as the worker saw it, rebuilt into the same error on the other side. */
export type SerializedError =
  | { type: "validation"; detail: ValidationErrorEntry[] }
  | { type: "service"; status: ContentfulStatusCode; message: string; code?: string; param?: string }
  | { type: "unexpected"; message: string };

/**
 * A prepared upload as it crosses back. Its top-level lists of strings (trajectory groups' JSON,
 * table rows' JSON, row digests) travel each as ONE joined string with where each item ends:
 * thousands of strings hold the event loop long to receive (each one is allocated there);
 * one string of the same 32 MiB arrives in one copy, and slicing it again is cheap. Its top-level
 * byte arrays (a file's content) are moved, not copied. Everything else is cloned as it is, so
 * it should be small (plain fields, numbers).
 */
export type PackedUpload = {
  fields: Record<string, unknown>;
  lists: Record<string, { joined: string; ends: number[] }>;
};

export type UploadReply =
  | { id: number; ok: true; packed: PackedUpload }
  | { id: number; ok: false; error: SerializedError };

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** `prepared` packed to cross to the event loop, and the buffers to move with it. */
export function packUpload(prepared: object): { packed: PackedUpload; transfer: ArrayBuffer[] } {
  const packed: PackedUpload = { fields: {}, lists: {} };
  const transfer: ArrayBuffer[] = [];
  for (const [key, value] of Object.entries(prepared)) {
    if (isStringList(value)) {
      let end = 0;
      packed.lists[key] = { joined: value.join(""), ends: value.map((text) => (end += text.length)) };
    } else {
      if (value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength)
        transfer.push(value.buffer as ArrayBuffer);
      packed.fields[key] = value;
    }
  }
  return { packed, transfer };
}

/** The prepared upload again, as the kind's preparation returned it. */
export function unpackUpload({ fields, lists }: PackedUpload): Record<string, unknown> {
  const prepared = { ...fields };
  for (const [key, { joined, ends }] of Object.entries(lists))
    prepared[key] = ends.map((end, index) => joined.slice(index === 0 ? 0 : ends[index - 1], end));
  return prepared;
}
