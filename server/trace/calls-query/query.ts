import type { Database } from "better-sqlite3";
import {
  CALL_COLUMNS,
  REQUIRED_CALL_COLUMNS,
  type CallColumn,
  type CallsQueryRequest,
  type CallsQueryStatsRequest,
} from "../../../contract/trace-calls";
import { LIMITS } from "../../../contract/limits";
import { compileQuery, refuseQuery, type SqlCondition } from "../feedback/query-sql";
import { countFromTotals } from "./counts";
import { callFieldSql, isJsonField } from "./fields";
import { walkStep, type WalkState } from "./scan";
import { callsWhere, refsConditions } from "./filter";
import { afterCondition, callsOrder, orderBySql, type SortKey } from "./order";
import { setImmediate as nextTurn } from "node:timers/promises";

/** A calls query made ready to run in chunks (stream.ts): what to select, where, in what order. */
export type CallsPlan = {
  columns: readonly CallColumn[];
  /** Stored columns read for them (the summary's status and latency need the times and exception). */
  stored: readonly CallColumn[];
  where: SqlCondition;
  /** The text search part of the query, tested while walking (scan.ts); null when there is none. */
  scan: SqlCondition | null;
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
    if (!COLUMN_SET.has(head))
      refuseQuery(`'${column.slice(0, 100)}' is not a call column (use ${CALL_COLUMNS.join(", ")})`);
    asked.add(head);
  }
  return CALL_COLUMNS.filter((column) => asked.has(column));
}

/**
 * Whether a condition needs a test of every row the indexed conditions leave: a text search
 * (`$contains`), or any operand inside a JSON column (`$eq` on `inputs.x`, ...). In one statement
 * such a test over a large project holds the event loop for seconds, so it is walked in steps.
 */
function needsWalk(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(needsWalk);
  if (node === null || typeof node !== "object") return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === "$contains") return true;
    if (key === "$getField" && typeof value === "string" && isJsonField(value)) return true;
    if (key !== "$literal" && needsWalk(value)) return true;
  }
  return false;
}

const both = (a: SqlCondition | null, b: SqlCondition | null): SqlCondition | null =>
  a && b ? { sql: `(${a.sql}) AND (${b.sql})`, params: [...a.params, ...b.params] } : (a ?? b);

/**
 * The request split in two: the WHERE SQLite answers from indexes or cheaply (the project, the
 * filter's id lists, the conjuncts of a top-level `$and` that need no walk), and what is tested
 * while walking (scan.ts): those that do, and the filter's `input_refs` / `output_refs`.
 */
function splitRequest(
  db: Database,
  request: Pick<CallsQueryRequest, "project_id" | "filter" | "query">,
): { where: SqlCondition; scan: SqlCondition | null } {
  const query = request.query;
  const and = query?.$expr.$and;
  const conjuncts = !query
    ? []
    : Object.keys(query.$expr).length === 1 && Array.isArray(and)
      ? (and as unknown[])
      : [query.$expr];
  const walked = conjuncts.filter(needsWalk);
  const indexed = conjuncts.filter((conjunct) => !needsWalk(conjunct));
  const indexedQuery = walked.length === 0 ? query : indexed.length ? { $expr: { $and: indexed } } : null;
  return {
    where: callsWhere(db, request.project_id, request.filter, indexedQuery as CallsQueryRequest["query"], {
      withoutRefs: true,
    }),
    scan: both(walked.length ? compileQuery({ $and: walked }, callFieldSql) : null, refsConditions(request.filter)),
  };
}

/**
 * Most calls a sort by a path inside a JSON column may order. No index holds such a key, so
 * SQLite reads and sorts every call the query leaves before the first row, in one statement; 10,000
 * take milliseconds, a million seconds. Above it the query is refused with what to narrow.
 */
export const MAX_JSON_SORTED_CALLS = 10_000;

function refuseLargeJsonSort(db: Database, request: CallsQueryRequest, where: SqlCondition): void {
  const jsonSorts = (request.sort_by ?? []).filter((sort) => isJsonField(sort.field));
  if (jsonSorts.length === 0) return;
  const count = db
    .prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM trace_calls c WHERE ${where.sql} LIMIT ?)`)
    .pluck()
    .get(...where.params, MAX_JSON_SORTED_CALLS + 1) as number;
  if (count > MAX_JSON_SORTED_CALLS)
    refuseQuery(
      `sorting by '${jsonSorts[0]!.field.slice(0, 100)}' (a path inside a call's JSON) orders at most ` +
        `${MAX_JSON_SORTED_CALLS} calls, and this query leaves more: narrow it by op, trace, ids or a time range, ` +
        `or sort by a column (started_at, ended_at, op_name, ...)`,
    );
}

export function planCallsQuery(db: Database, request: CallsQueryRequest): CallsPlan {
  const columns = returnedColumns(request.columns);
  const { where, scan } = splitRequest(db, request);
  refuseLargeJsonSort(db, request, where);
  const stored = new Set<CallColumn>(columns);
  if (stored.has("summary")) for (const column of ["started_at", "ended_at", "exception"] as const) stored.add(column);
  return {
    columns,
    stored: CALL_COLUMNS.filter((column) => stored.has(column)),
    where,
    scan,
    keys: callsOrder(request.sort_by),
    limit: request.limit ?? LIMITS.callsPage,
    offset: request.offset ?? 0,
  };
}

/**
 * The statement for one chunk: the row ids and sort keys (k0..kn) of up to `count` rows after
 * `last` (or from the start, skipping `offset`), with its parameters. Only ids and keys: the
 * order's index usually holds them all, so even a sort SQLite must do itself (a day's calls by
 * op_name) reads no table row; rowsById then reads the page's rows.
 */
export function chunkStatement(
  db: Database,
  plan: CallsPlan,
  last: readonly unknown[] | null,
  count: number,
  offset: number,
) {
  const after = last ? afterCondition(plan.keys, last) : { sql: "1", params: [] };
  const keys = plan.keys.map((key, i) => `${key.sql} AS k${i}`).join(", ");
  const sql = `SELECT c.rowid AS r, ${keys}
    FROM trace_calls c WHERE ${plan.where.sql} AND ${after.sql}
    ORDER BY ${orderBySql(plan.keys).sql} LIMIT ? OFFSET ?`;
  const params = [...plan.keys.flatMap((key) => key.params), ...plan.where.params, ...after.params, count, offset];
  // Prepared each time, not cached: IN lists of any length make too many shapes to keep.
  return { statement: db.prepare(sql), params };
}

/** The stored columns and sort keys of the rows with these row ids, in the order given. */
export function rowsById(db: Database, plan: CallsPlan, rowids: readonly number[]): Record<string, unknown>[] {
  if (rowids.length === 0) return [];
  const keys = plan.keys.map((key, i) => `${key.sql} AS k${i}`).join(", ");
  const rows = db
    .prepare(
      `SELECT c.rowid AS r, ${plan.stored.map((column) => `c.${column}`).join(", ")}, ${keys} FROM trace_calls c WHERE c.rowid IN (${rowids.map(() => "?").join(", ")})`,
    )
    .all(...plan.keys.flatMap((key) => key.params), ...rowids) as Record<string, unknown>[];
  const byId = new Map(rows.map((row) => [row.r as number, row]));
  return rowids.map((id) => byId.get(id) as Record<string, unknown>);
}

/**
 * How many calls match (at most `limit` when given): upstream's query_stats. Without a text
 * search, one COUNT over an index; with one, a walk in steps (scan.ts) with the event loop free
 * between them, since it reads every row the other conditions leave.
 */
export async function countCalls(db: Database, request: CallsQueryStatsRequest): Promise<number> {
  const { where, scan } = splitRequest(db, request);
  const limit = request.limit ?? -1;
  if (!scan) {
    const fromTotals = countFromTotals(db, request);
    if (fromTotals !== null) return limit < 0 ? fromTotals : Math.min(fromTotals, limit);
    if (limit < 0)
      return db
        .prepare(`SELECT COUNT(*) FROM trace_calls c WHERE ${where.sql}`)
        .pluck()
        .get(...where.params) as number;
    return db
      .prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM trace_calls c WHERE ${where.sql} LIMIT ?)`)
      .pluck()
      .get(...where.params, limit) as number;
  }
  const walk = { where, scan, keys: callsOrder(null) };
  const state: WalkState = { last: null, skipped: 0, exhausted: false };
  let counted = 0;
  for (;;) {
    counted += walkStep(db, walk, state, {
      wanted: limit < 0 ? Infinity : limit - counted,
      offset: 0,
    }).length;
    if (state.exhausted || (limit >= 0 && counted >= limit)) return counted;
    await nextTurn();
  }
}

/** How long one step of a walk may run before the event loop gets a turn. */
export const WALK_STEP_MS = 20;
