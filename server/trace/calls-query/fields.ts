import { jsonPath, refuseQuery, type FieldSql } from "../feedback/query-sql";

/**
 * What a call field is in SQL over `trace_calls c`, for the query language (`$getField`) and for
 * `sort_by`. Upstream derives `summary.weave.status` and `summary.weave.latency_ms` from the
 * call's times and exception rather than reading them from the stored summary; so does this.
 */

/** success, error or running, as upstream derives it (no `descendant_error`: children are not rolled up here). */
export const STATUS_SQL =
  "(CASE WHEN c.exception IS NOT NULL THEN 'error' WHEN c.ended_at IS NULL THEN 'running' ELSE 'success' END)";
const LATENCY_SQL = "(c.ended_at - c.started_at)";

/** Plain columns; `notNull` ones let a resumed stream bound its index walk (stream.ts). */
const TEXT_COLUMNS: Record<string, boolean> = {
  id: true,
  project_id: true,
  op_name: true,
  trace_id: true,
  display_name: false,
  parent_id: false,
  exception: false,
  wb_user_id: false,
  thread_id: false,
  turn_id: false,
  wb_run_id: false,
};
const TIME_COLUMNS: Record<string, boolean> = { started_at: true, ended_at: false };
/** JSON columns: the whole value as stored JSON text (what `$contains` searches), or a dotted path into it. */
const JSON_COLUMNS = new Set(["inputs", "output", "attributes", "summary"]);

export type CallFieldSql = FieldSql & { notNull?: boolean };

export function callFieldSql(path: string): CallFieldSql {
  if (path in TEXT_COLUMNS) return { sql: `c.${path}`, params: [], notNull: TEXT_COLUMNS[path] };
  if (path in TIME_COLUMNS) return { sql: `c.${path}`, params: [], epochMs: true, notNull: TIME_COLUMNS[path] };
  if (path === "summary.weave.status") return { sql: STATUS_SQL, params: [], notNull: true };
  if (path === "summary.weave.latency_ms") return { sql: LATENCY_SQL, params: [] };
  if (JSON_COLUMNS.has(path)) return { sql: `c.${path}`, params: [] };
  const [head = "", ...rest] = path.split(".");
  const pathInValue = jsonPath(rest);
  if (!JSON_COLUMNS.has(head) || pathInValue === null) {
    return refuseQuery(
      `'${path.slice(0, 100)}' is not a call field (use ${[...Object.keys(TEXT_COLUMNS), ...Object.keys(TIME_COLUMNS)].join(", ")}, summary.weave.status, summary.weave.latency_ms, or a dotted path into inputs, output, attributes or summary)`,
    );
  }
  return { sql: `json_extract(c.${head}, ?)`, params: [pathInValue] };
}

/**
 * Whether `path` reads inside a JSON column (inputs, output, attributes, summary, or a path into
 * one), which no index answers: a condition on it is tested row by row, a sort by it sorts every
 * row. `summary.weave.status` and `.latency_ms` are computed from indexed columns and are not.
 */
export function isJsonField(path: string): boolean {
  if (path === "summary.weave.status" || path === "summary.weave.latency_ms") return false;
  return JSON_COLUMNS.has(path.split(".")[0] ?? "");
}
