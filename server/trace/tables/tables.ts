import type { Database } from "better-sqlite3";
import { LIMITS } from "../../../contract/limits";
import { echo } from "../../http/echo";
import { RequestValidationError, ServiceError } from "../../http/errors";
import { writeInSteps } from "../../db/write-in-steps";
import { tableDigestInSteps } from "./digest";
import type { PreparedRows, PreparedTableUpdate } from "./prepare-upload";
import { setImmediate as nextTurn } from "node:timers/promises";

/** Digests of rows looked up per step when a table names rows by digest. */
const LOOKUP_STEP = 2000;

/** The size of a table entry's payload, for writeInSteps: its row digest, a few numbers and the keys. */
const ENTRY_CHARS = 120;

/**
 * Stores rows and the table that lists them, in steps (writeInSteps: 1 MiB or 1,000 rows each,
 * the event loop free between them; a 30 MB table in one go held every other request for seconds).
 * A row already stored in the project keeps its first value (the same digest is the same content,
 * key order aside), and a table already stored is left as it is, as upstream's content addressing
 * does. The table's row is written last and is what readers look for, so a table being written,
 * or cut off by a crash, is not seen; its entries are a function of its digest, so writing them
 * twice (two clients at once, or again after a crash) writes the same thing.
 */
async function storeTable(
  db: Database,
  projectId: string,
  digest: string,
  rowDigests: readonly string[],
  newRows: PreparedRows,
  now: number,
): Promise<void> {
  const insertRow = db.prepare("INSERT OR IGNORE INTO trace_table_rows (project_id, digest, val) VALUES (?, ?, ?)");
  const insertEntry = db.prepare(
    "INSERT OR IGNORE INTO trace_table_entries (project_id, table_digest, position, row_digest) VALUES (?, ?, ?, ?)",
  );
  const { rowTexts, rowDigests: newDigests } = newRows;
  await writeInSteps(
    db,
    rowTexts.length,
    (i) => rowTexts[i]!.length,
    (i) => insertRow.run(projectId, newDigests[i], rowTexts[i]),
  );
  if (tableExists(db, projectId, digest)) return;
  await writeInSteps(
    db,
    rowDigests.length,
    () => ENTRY_CHARS,
    (i) => insertEntry.run(projectId, digest, i, rowDigests[i]),
  );
  db.prepare("INSERT OR IGNORE INTO trace_tables (project_id, digest, row_count, created_at) VALUES (?, ?, ?, ?)").run(
    projectId,
    digest,
    rowDigests.length,
    now,
  );
}

/** Whether the project has the table (written whole: see storeTable). */
export function tableExists(db: Database, projectId: string, digest: string): boolean {
  return (
    db.prepare("SELECT 1 FROM trace_tables WHERE project_id = ? AND digest = ?").get(projectId, digest) !== undefined
  );
}

/** `/table/create`: the table's digest and its rows' digests, in order. Its rows come prepared (prepare-upload.ts). */
export async function createTable(
  db: Database,
  input: { projectId: string; rows: PreparedRows; expectedDigest?: string | null; now?: number },
) {
  const { rowDigests } = input.rows;
  const digest = await tableDigestInSteps(rowDigests);
  if (input.expectedDigest && input.expectedDigest !== digest) {
    throw new ServiceError(
      409,
      `expected_digest ${echo(input.expectedDigest)} does not match the table's digest ${digest} (${rowDigests.length} rows).`,
      "digest_mismatch",
    );
  }
  await storeTable(db, input.projectId, digest, rowDigests, input.rows, input.now ?? Date.now());
  return { digest, row_digests: rowDigests };
}

/**
 * `/table/create_from_digests`: a table of rows the project already holds, named by digest, in
 * order. A digest the project has no row for is a 400 naming it (our choice: upstream's ClickHouse
 * server stores a table listing rows it does not have, which then read as nothing).
 */
export async function createTableFromDigests(
  db: Database,
  input: { projectId: string; rowDigests: readonly string[]; expectedDigest?: string | null; now?: number },
) {
  const digest = await tableDigestInSteps(input.rowDigests);
  if (input.expectedDigest && input.expectedDigest !== digest) {
    throw new ServiceError(
      409,
      `expected_digest ${echo(input.expectedDigest)} does not match the table's digest ${digest} (${input.rowDigests.length} rows).`,
      "digest_mismatch",
    );
  }
  const known = db.prepare("SELECT 1 FROM trace_table_rows WHERE project_id = ? AND digest = ?");
  const unknown: number[] = [];
  for (let i = 0; i < input.rowDigests.length && unknown.length < 5; i += 1) {
    if (i > 0 && i % LOOKUP_STEP === 0) await nextTurn();
    if (!known.get(input.projectId, input.rowDigests[i])) unknown.push(i);
  }
  if (unknown.length > 0) {
    const named = unknown.map((i) => `row_digests[${i}] ${echo(input.rowDigests[i]!)}`).join(", ");
    throw new ServiceError(
      400,
      `The project has no row with these digests: ${named}. Send the rows with /table/create or /table/update.`,
      "unknown_rows",
    );
  }
  await storeTable(
    db,
    input.projectId,
    digest,
    input.rowDigests,
    { rowTexts: [], rowDigests: [] },
    input.now ?? Date.now(),
  );
  return { digest };
}

/** The row digests of a stored table, in order; null when the project has no such table. */
function tableRowDigests(db: Database, projectId: string, digest: string): string[] | null {
  if (!tableExists(db, projectId, digest)) return null;
  return db
    .prepare("SELECT row_digest FROM trace_table_entries WHERE project_id = ? AND table_digest = ? ORDER BY position")
    .pluck()
    .all(projectId, digest) as string[];
}

/**
 * `/table/update`: a new table made from a stored one by appending, removing (`pop`) and inserting
 * rows in the order given, as upstream. `updated_row_digests` lists, per step, the row it added or
 * removed. An unknown base table is a 404; an index past the end a 400 naming the step (upstream:
 * "Index out of range"); a table growing past LIMITS.tableRows a 400; nothing is stored unless
 * every step applies. Pops and inserts move the rows after them, so a request may hold at most
 * LIMITS.tableEdits of them (a 422 on `updates`; appends, which upstream's Python client sends to
 * grow a large dataset in parts, are bounded only by LIMITS.tableRows).
 */
export async function updateTable(
  db: Database,
  input: Omit<PreparedTableUpdate, "projectId" | "baseDigest"> & {
    projectId: string;
    baseDigest: string;
    now?: number;
  },
) {
  const { ops, indexes, rowDigests: sentDigests } = input;
  const edits = ops.length - ops.replaceAll("p", "").replaceAll("i", "").length;
  if (edits > LIMITS.tableEdits) {
    throw new RequestValidationError([
      {
        loc: ["body", "updates"],
        msg: `at most ${LIMITS.tableEdits} pop and insert steps in one request (this one has ${edits})`,
        type: "too_long",
      },
    ]);
  }
  const rows = tableRowDigests(db, input.projectId, input.baseDigest);
  if (!rows)
    throw new ServiceError(404, `Table ${echo(input.projectId)}:${echo(input.baseDigest)} not found`, "not_found");
  let next = 0;
  const updated = indexes.map((index, step) => {
    const op = ops[step];
    if (op === "p") {
      if (index >= rows.length) throw outOfRange(step, "pop", index, rows.length);
      return rows.splice(index, 1)[0]!;
    }
    const digest = sentDigests[next++]!;
    if (op === "a") rows.push(digest);
    else if (index > rows.length) throw outOfRange(step, "insert", index, rows.length);
    else rows.splice(index, 0, digest);
    if (rows.length > LIMITS.tableRows)
      throw new ServiceError(
        400,
        `A table holds at most ${LIMITS.tableRows} rows; updates[${step}] would make ${rows.length}.`,
        "too_many_rows",
      );
    return digest;
  });
  const digest = await tableDigestInSteps(rows);
  await storeTable(db, input.projectId, digest, rows, input, input.now ?? Date.now());
  return { digest, updated_row_digests: updated };
}

function outOfRange(step: number, kind: "pop" | "insert", index: number, length: number): ServiceError {
  const valid = kind === "pop" ? `0 to ${length - 1}` : `0 to ${length}`;
  const range =
    kind === "pop" && length === 0
      ? "the table is empty"
      : `the table has ${length} rows at that step (valid: ${valid})`;
  return new ServiceError(
    400,
    `updates[${step}]: ${kind} index ${index} is out of range: ${range}.`,
    "index_out_of_range",
  );
}

/** `/table/query_stats`: the table's row count; an unknown table counts 0 (upstream's ClickHouse server fails with a 500). */
export function countTableRows(db: Database, projectId: string, digest: string): number {
  const row = db
    .prepare("SELECT row_count FROM trace_tables WHERE project_id = ? AND digest = ?")
    .get(projectId, digest) as { row_count: number } | undefined;
  return row?.row_count ?? 0;
}

/**
 * `/table/query_stats_batch`: count (and, when asked, the bytes of the rows' JSON) of each known
 * table among `digests`, once each, in the order asked; unknown tables are left out, as upstream.
 */
export function tableStats(db: Database, projectId: string, digests: readonly string[], includeStorageSize: boolean) {
  const count = db.prepare("SELECT row_count FROM trace_tables WHERE project_id = ? AND digest = ?").pluck();
  // Only tables written whole are counted (see storeTable).
  const size = db
    .prepare(
      `SELECT IFNULL(SUM(length(CAST(r.val AS BLOB))), 0) FROM trace_table_entries e
     JOIN trace_table_rows r ON r.project_id = e.project_id AND r.digest = e.row_digest
     WHERE e.project_id = ? AND e.table_digest = ?`,
    )
    .pluck();
  return [...new Set(digests)].flatMap((digest) => {
    const rows = count.get(projectId, digest) as number | undefined;
    if (rows === undefined) return [];
    return [
      { digest, count: rows, storage_size_bytes: includeStorageSize ? (size.get(projectId, digest) as number) : null },
    ];
  });
}
