import type { Database } from "better-sqlite3";
import type { TableQueryRequest } from "../../../contract/trace-tables";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import { tableExists } from "./tables";

type EntryRow = { digest: string; val: string; original_index: number };

/**
 * A sort field as a JSON path into the row (`a.b` -> `$."a"."b"`), refused as upstream refuses it
 * (empty, a leading or trailing dot, an empty part: 400). A part holding `"` or `\` cannot be
 * quoted in SQLite's JSON paths and is refused too (our bound; upstream has no such names either).
 */
function jsonPath(field: string): string {
  if (!field.trim()) throw new ServiceError(400, "Sort field cannot be empty", "invalid_sort_field");
  const parts = field.split(".");
  if (parts.some((part) => !part.trim())) {
    throw new ServiceError(
      400,
      `Invalid sort field '${echo(field)}': field names cannot start/end with dots or contain consecutive dots`,
      "invalid_sort_field",
    );
  }
  if (parts.some((part) => /["\\]/.test(part)))
    throw new ServiceError(
      400,
      `Invalid sort field '${echo(field)}': a part may not hold '"' or '\\'.`,
      "invalid_sort_field",
    );
  return `$${parts.map((part) => `."${part}"`).join("")}`;
}

/**
 * `/table/query`: the rows of a table with their digests and `original_index` (the position in the
 * table), as upstream: in table order unless `sort_by` names dotted paths into the rows (ties keep
 * table order); `filter.row_digests` keeps the rows with those digests (an empty list filters
 * nothing, as upstream); then `offset` and `limit` (absent: every row). An unknown table has no
 * rows (as does one still being written). Returned as JSON text built from the stored values, which are never parsed again here.
 */
export function queryTableJson(db: Database, request: TableQueryRequest): string {
  if (!tableExists(db, request.project_id, request.digest)) return `{"rows":[]}`;
  const params: unknown[] = [request.project_id, request.digest];
  let where = "e.project_id = ? AND e.table_digest = ?";
  const wanted = request.filter?.row_digests;
  if (wanted?.length) {
    where += " AND e.row_digest IN (SELECT value FROM json_each(?))";
    params.push(JSON.stringify(wanted));
  }
  const order = (request.sort_by ?? []).map((sort) => {
    params.push(jsonPath(sort.field));
    return `json_extract(r.val, ?) ${sort.direction === "desc" ? "DESC" : "ASC"}`;
  });
  order.push("e.position ASC");
  params.push(request.limit ?? -1, request.offset ?? 0);
  const rows = db
    .prepare(
      `SELECT e.row_digest AS digest, r.val AS val, e.position AS original_index
       FROM trace_table_entries e JOIN trace_table_rows r ON r.project_id = e.project_id AND r.digest = e.row_digest
       WHERE ${where} ORDER BY ${order.join(", ")} LIMIT ? OFFSET ?`,
    )
    .all(...params) as EntryRow[];
  const items = rows.map(
    (row) => `{"digest":${JSON.stringify(row.digest)},"val":${row.val},"original_index":${row.original_index}}`,
  );
  return `{"rows":[${items.join(",")}]}`;
}
