import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ValidationErrorEntry } from "../../contract/errors";
import type { UploadKind } from "./kinds";

/**
 * What crosses from the event loop to the upload worker. `prepare`: one body's bytes (moved, not
 * copied) and its Content-Type, answered with the whole prepared upload. A streamed upload instead
 * sends its body as it arrives (`begin`, a `chunk` per piece read from the socket, `end`), is
 * answered with its fields and its row count, and hands its rows back a slice per `take`
 * (sliced-upload.ts); `release` drops what the worker still holds of it.
 */
export type UploadRequest =
  | { type: "prepare"; id: number; kind: UploadKind; bytes: ArrayBuffer; contentType: string }
  | { type: "begin"; upload: number; kind: UploadKind; contentType: string; rowLists: string[] }
  | { type: "chunk"; upload: number; bytes: ArrayBuffer }
  | { type: "end"; upload: number; id: number }
  | { type: "take"; upload: number; id: number }
  | { type: "release"; upload: number };

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

/** `rows`: a streamed upload's row count, in the answer to its `end` (its rows then come by `take`). */
export type UploadReply =
  | { id: number; ok: true; packed: PackedUpload; rows?: number }
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

/**
 * Most characters of one slice of rows handed back by `take`: receiving it, and the rows' strings
 * sliced from it, are each well under a millisecond on the event loop, and what it holds at once
 * stays small (no 32 MiB string to copy in one go, no long-lived garbage for a major collection).
 */
export const SLICE_CHARS = 512 * 1024;
/** Most rows of one slice, however small they are (each becomes a few strings on the event loop). */
export const SLICE_ROWS = 500;

/** The lengths of `prepared`'s top-level string lists: one entry per row, the same for each list. */
export function rowCount(lists: Record<string, string[]>): number {
  const lengths = new Set(Object.values(lists).map((list) => list.length));
  if (lengths.size > 1) throw new Error("a sliced upload's lists must have one entry per row each");
  return [...lengths][0] ?? 0;
}

/**
 * Rows `from` on of `lists` (at least one, then while under SLICE_ROWS and SLICE_CHARS), packed as
 * packUpload packs a list; `next`: the row after the last one taken.
 */
export function packSlice(lists: Record<string, string[]>, from: number): { packed: PackedUpload; next: number } {
  const count = rowCount(lists);
  const names = Object.keys(lists);
  let next = from;
  let chars = 0;
  do {
    for (const name of names) chars += lists[name]![next]!.length;
    next += 1;
  } while (next < count && next - from < SLICE_ROWS && chars < SLICE_CHARS);
  return {
    packed: packUpload(Object.fromEntries(names.map((name) => [name, lists[name]!.slice(from, next)]))).packed,
    next,
  };
}

/** The string lists named `rowLists` of a prepared upload (its rows) apart from its other fields. */
export function splitRows(
  prepared: object,
  rowLists: string[],
): { fields: Record<string, unknown>; lists: Record<string, string[]> } {
  const fields: Record<string, unknown> = {};
  const lists: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(prepared)) {
    if (rowLists.includes(key) && isStringList(value)) lists[key] = value;
    else fields[key] = value;
  }
  return { fields, lists };
}
