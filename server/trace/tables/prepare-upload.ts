import { TableCreateFromDigestsRequest, TableCreateRequest, TableUpdateRequest } from "../../../contract/trace-tables";
import { RequestValidationError } from "../../http/errors";
import { parseOrThrow } from "../../http/validate";
import { rowDigest } from "./digest";

/**
 * Rows made ready to store: each row's JSON as sent (key order kept: it is what is stored and
 * read back) and its digest (upstream's, over the canonical JSON: digest.ts). Two lists of
 * strings, so they cross from the upload worker as two joined strings (upload-worker/messages.ts).
 */
export type PreparedRows = { rowTexts: string[]; rowDigests: string[] };

/**
 * The largest row, in characters of its JSON: a row is stored as one write, and its size is what
 * that write holds every other request for (a 31 MiB row: 140 ms). 4 Mi characters is far above a
 * dataset row (a question, an answer, a few fields; media go in files, referred to from rows). Not
 * published by the real service; the training service's trajectory groups have the same bound.
 */
export const MAX_ROW_CHARS = 4 * 1024 * 1024;

/** `rows` prepared; a 422 at `locOf(i)` for the first row over MAX_ROW_CHARS. */
export function prepareRows(
  rows: readonly Record<string, unknown>[],
  locOf: (index: number) => (string | number)[],
): PreparedRows {
  const rowTexts = rows.map((row, index) => {
    const text = JSON.stringify(row);
    if (text.length > MAX_ROW_CHARS) {
      throw new RequestValidationError([
        {
          loc: ["body", ...locOf(index)],
          msg: `A table row should have at most ${MAX_ROW_CHARS} characters of JSON (this one has ${text.length}): store large content as a file and refer to it from the row`,
          type: "too_long",
        },
      ]);
    }
    return text;
  });
  return { rowTexts, rowDigests: rows.map(rowDigest) };
}

/** `/table/create`, validated as validateJson would (the same 422s) and its rows prepared. */
export function prepareTableCreate(data: unknown): PreparedRows & { projectId: string; expectedDigest: string | null } {
  const { table } = parseOrThrow(TableCreateRequest, data, "body");
  return {
    projectId: table.project_id,
    expectedDigest: table.expected_digest ?? null,
    ...prepareRows(table.rows, (index) => ["table", "rows", index]),
  };
}

/** `/table/create_from_digests`, validated as validateJson would: up to 100,000 digests (some 5 MiB). */
export function prepareTableFromDigests(data: unknown): {
  projectId: string;
  expectedDigest: string | null;
  rowDigests: string[];
} {
  const body = parseOrThrow(TableCreateFromDigestsRequest, data, "body");
  return { projectId: body.project_id, expectedDigest: body.expected_digest ?? null, rowDigests: body.row_digests };
}

/**
 * The steps of a `/table/update`, compactly (100,000 small objects take long to cross from the
 * worker): `ops` has one letter per step, `a`ppend, `p`op or `i`nsert, and `indexes` the index of
 * each (-1 for an append); the rows sent (appended or inserted, in order) are prepared rows.
 */
export type PreparedTableUpdate = PreparedRows & {
  projectId: string;
  baseDigest: string;
  ops: string;
  indexes: number[];
};

/** `/table/update`, validated as validateJson would (the same 422s) and its rows prepared. */
export function prepareTableUpdate(data: unknown): PreparedTableUpdate {
  const body = parseOrThrow(TableUpdateRequest, data, "body");
  const rows: Record<string, unknown>[] = [];
  /** Where each row sent is in the body, for a 422 on one too large. */
  const rowLocs: (string | number)[][] = [];
  let ops = "";
  const indexes = body.updates.map((update, step) => {
    if ("append" in update) {
      ops += "a";
      rows.push(update.append.row);
      rowLocs.push(["updates", step, "append", "row"]);
      return -1;
    }
    if ("pop" in update) {
      ops += "p";
      return update.pop.index;
    }
    ops += "i";
    rows.push(update.insert.row);
    rowLocs.push(["updates", step, "insert", "row"]);
    return update.insert.index;
  });
  return {
    projectId: body.project_id,
    baseDigest: body.base_digest,
    ops,
    indexes,
    ...prepareRows(rows, (index) => rowLocs[index]!),
  };
}
