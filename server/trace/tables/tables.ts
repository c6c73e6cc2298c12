import type { Database } from "better-sqlite3";
import { LIMITS } from "../../../contract/limits";
import type { TableUpdateSpec } from "../../../contract/trace-tables";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import { rowDigest, tableDigest } from "./digest";

type Row = Record<string, unknown>;

/**
 * Stores rows and the table that lists them. A row already stored in the project keeps its first
 * value (the same digest is the same content, key order aside), and a table already stored is
 * left as it is, as upstream's content addressing does.
 */
function storeTable(db: Database, projectId: string, digest: string, rowDigests: readonly string[], newRows: ReadonlyMap<string, Row>, now: number): void {
  const insertRow = db.prepare("INSERT OR IGNORE INTO trace_table_rows (project_id, digest, val) VALUES (?, ?, ?)");
  const insertTable = db.prepare("INSERT OR IGNORE INTO trace_tables (project_id, digest, row_count, created_at) VALUES (?, ?, ?, ?)");
  const insertEntry = db.prepare("INSERT INTO trace_table_entries (project_id, table_digest, position, row_digest) VALUES (?, ?, ?, ?)");
  const write = db.transaction(() => {
    for (const [digestOfRow, row] of newRows) insertRow.run(projectId, digestOfRow, JSON.stringify(row));
    if (insertTable.run(projectId, digest, rowDigests.length, now).changes === 0) return;
    rowDigests.forEach((digestOfRow, position) => insertEntry.run(projectId, digest, position, digestOfRow));
  });
  write.immediate();
}

/** `/table/create`: the table's digest and its rows' digests, in order. */
export function createTable(db: Database, input: { projectId: string; rows: readonly Row[]; expectedDigest?: string | null; now?: number }) {
  const rowDigests = input.rows.map(rowDigest);
  const digest = tableDigest(rowDigests);
  if (input.expectedDigest && input.expectedDigest !== digest) {
    throw new ServiceError(409, `expected_digest ${echo(input.expectedDigest)} does not match the table's digest ${digest} (${rowDigests.length} rows).`, "digest_mismatch");
  }
  const newRows = new Map(input.rows.map((row, i) => [rowDigests[i]!, row]));
  storeTable(db, input.projectId, digest, rowDigests, newRows, input.now ?? Date.now());
  return { digest, row_digests: rowDigests };
}

/** The row digests of a stored table, in order; null when the project has no such table. */
function tableRowDigests(db: Database, projectId: string, digest: string): string[] | null {
  const table = db.prepare("SELECT row_count FROM trace_tables WHERE project_id = ? AND digest = ?").get(projectId, digest);
  if (!table) return null;
  return db.prepare("SELECT row_digest FROM trace_table_entries WHERE project_id = ? AND table_digest = ? ORDER BY position").pluck().all(projectId, digest) as string[];
}

/**
 * `/table/update`: a new table made from a stored one by appending, removing (`pop`) and inserting
 * rows in the order given, as upstream. `updated_row_digests` lists, per step, the row it added or
 * removed. An unknown base table is a 404; an index past the end a 400 naming the step (upstream:
 * "Index out of range"); nothing is stored unless every step applies.
 */
export function updateTable(db: Database, input: { projectId: string; baseDigest: string; updates: readonly TableUpdateSpec[]; now?: number }) {
  const rows = tableRowDigests(db, input.projectId, input.baseDigest);
  if (!rows) throw new ServiceError(404, `Table ${echo(input.projectId)}:${echo(input.baseDigest)} not found`, "not_found");
  const newRows = new Map<string, Row>();
  const added = (row: Row): string => {
    const digest = rowDigest(row);
    if (!newRows.has(digest)) newRows.set(digest, row);
    return digest;
  };
  const updated = input.updates.map((update, step) => {
    if ("append" in update) {
      const digest = added(update.append.row);
      rows.push(digest);
      return digest;
    }
    if ("pop" in update) {
      const { index } = update.pop;
      if (index >= rows.length) throw outOfRange(step, "pop", index, rows.length);
      return rows.splice(index, 1)[0]!;
    }
    const { index, row } = update.insert;
    if (index > rows.length) throw outOfRange(step, "insert", index, rows.length);
    const digest = added(row);
    rows.splice(index, 0, digest);
    return digest;
  });
  if (rows.length > LIMITS.tableRows) {
    throw new ServiceError(400, `A table holds at most ${LIMITS.tableRows} rows; these updates would make ${rows.length}.`, "too_many_rows");
  }
  const digest = tableDigest(rows);
  storeTable(db, input.projectId, digest, rows, newRows, input.now ?? Date.now());
  return { digest, updated_row_digests: updated };
}

function outOfRange(step: number, kind: "pop" | "insert", index: number, length: number): ServiceError {
  const valid = kind === "pop" ? `0 to ${length - 1}` : `0 to ${length}`;
  const range = kind === "pop" && length === 0 ? "the table is empty" : `the table has ${length} rows at that step (valid: ${valid})`;
  return new ServiceError(400, `updates[${step}]: ${kind} index ${index} is out of range: ${range}.`, "index_out_of_range");
}

/** `/table/query_stats`: the table's row count; an unknown table counts 0 (upstream's ClickHouse server fails with a 500). */
export function countTableRows(db: Database, projectId: string, digest: string): number {
  const row = db.prepare("SELECT row_count FROM trace_tables WHERE project_id = ? AND digest = ?").get(projectId, digest) as { row_count: number } | undefined;
  return row?.row_count ?? 0;
}

/**
 * `/table/query_stats_batch`: count (and, when asked, the bytes of the rows' JSON) of each known
 * table among `digests`, once each, in the order asked; unknown tables are left out, as upstream.
 */
export function tableStats(db: Database, projectId: string, digests: readonly string[], includeStorageSize: boolean) {
  const count = db.prepare("SELECT row_count FROM trace_tables WHERE project_id = ? AND digest = ?").pluck();
  const size = db.prepare(
    `SELECT IFNULL(SUM(length(CAST(r.val AS BLOB))), 0) FROM trace_table_entries e
     JOIN trace_table_rows r ON r.project_id = e.project_id AND r.digest = e.row_digest
     WHERE e.project_id = ? AND e.table_digest = ?`,
  ).pluck();
  return [...new Set(digests)].flatMap((digest) => {
    const rows = count.get(projectId, digest) as number | undefined;
    if (rows === undefined) return [];
    return [{ digest, count: rows, storage_size_bytes: includeStorageSize ? (size.get(projectId, digest) as number) : null }];
  });
}
