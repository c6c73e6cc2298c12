import type { Database } from "better-sqlite3";
import { CALL_COLUMNS, REQUIRED_CALL_COLUMNS, type CallColumn, type CallsQueryRequest, type CallsQueryStatsRequest } from "../../../contract/trace-calls";
import { LIMITS } from "../../../contract/limits";
import { refuseQuery, type SqlCondition } from "../feedback/query-sql";
import { callsWhere } from "./filter";
import { afterCondition, callsOrder, orderBySql, type SortKey } from "./order";

/** A calls query made ready to run in chunks (stream.ts): what to select, where, in what order. */
export type CallsPlan = {
  columns: readonly CallColumn[];
  /** Stored columns read for them (the summary's status and latency need the times and exception). */
  stored: readonly CallColumn[];
  where: SqlCondition;
  keys: readonly SortKey[];
  limit: number;
  offset: number;
};

const COLUMN_SET = new Set<string>(CALL_COLUMNS);

/** The fields to return: all, or the asked ones (a dotted path returns its whole column) and the required ones. */
function returnedColumns(columns: readonly string[] | null | undefined): CallColumn[] {
  if (!columns?.length) return [...CALL_COLUMNS];
  const asked = new Set<string>(REQUIRED_CALL_COLUMNS);
  for (const column of columns) {
    const head = column.split(".")[0] ?? "";
    if (!COLUMN_SET.has(head)) refuseQuery(`'${column.slice(0, 100)}' is not a call column (use ${CALL_COLUMNS.join(", ")})`);
    asked.add(head);
  }
  return CALL_COLUMNS.filter((column) => asked.has(column));
}

export function planCallsQuery(db: Database, request: CallsQueryRequest): CallsPlan {
  const columns = returnedColumns(request.columns);
  const stored = new Set<CallColumn>(columns);
  if (stored.has("summary")) for (const column of ["started_at", "ended_at", "exception"] as const) stored.add(column);
  return {
    columns,
    stored: CALL_COLUMNS.filter((column) => stored.has(column)),
    where: callsWhere(db, request.project_id, request.filter, request.query),
    keys: callsOrder(request.sort_by),
    limit: request.limit ?? LIMITS.callsPage,
    offset: request.offset ?? 0,
  };
}

/**
 * The statement for one chunk: up to `count` rows after `last` (or from the start, skipping
 * `offset`). Its parameters are returned with it. Each row also carries its sort keys as k0..kn.
 */
export function chunkStatement(db: Database, plan: CallsPlan, last: readonly unknown[] | null, count: number, offset: number) {
  const after = last ? afterCondition(plan.keys, last) : { sql: "1", params: [] };
  const keys = plan.keys.map((key, i) => `${key.sql} AS k${i}`).join(", ");
  const sql = `SELECT ${plan.stored.map((column) => `c.${column}`).join(", ")}, ${keys}
    FROM trace_calls c WHERE ${plan.where.sql} AND ${after.sql}
    ORDER BY ${orderBySql(plan.keys).sql} LIMIT ? OFFSET ?`;
  const params = [...plan.keys.flatMap((key) => key.params), ...plan.where.params, ...after.params, count, offset];
  // Prepared each time, not cached: IN lists of any length make too many shapes to keep.
  return { statement: db.prepare(sql), params };
}

/** How many calls match (at most `limit` when given): upstream's query_stats. */
export function countCalls(db: Database, request: CallsQueryStatsRequest): number {
  const where = callsWhere(db, request.project_id, request.filter, request.query);
  const limit = request.limit ?? -1;
  if (limit < 0) return db.prepare(`SELECT COUNT(*) FROM trace_calls c WHERE ${where.sql}`).pluck().get(...where.params) as number;
  return db.prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM trace_calls c WHERE ${where.sql} LIMIT ?)`).pluck().get(...where.params, limit) as number;
}
