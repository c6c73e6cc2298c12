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
import { callFieldSql } from "./fields";
import { walkStep, type WalkState } from "./scan";
import { callsWhere } from "./filter";
import { afterCondition, callsOrder, orderBySql, type SortKey } from "./order";

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

type Expr = Record<string, unknown>;
const searches = (expr: unknown) => JSON.stringify(expr).includes('"$contains"');

/**
 * The query split in two: the conjuncts (of a top-level `$and`) SQLite can answer from indexes or
 * cheaply, and those holding a `$contains` (a text search), which are tested while walking.
 */
function splitQuery(query: { $expr: Expr } | null | undefined): {
  indexed: { $expr: Expr } | null;
  scan: SqlCondition | null;
} {
  if (!query) return { indexed: null, scan: null };
  const and = query.$expr.$and;
  const conjuncts = Object.keys(query.$expr).length === 1 && Array.isArray(and) ? (and as unknown[]) : [query.$expr];
  const scanned = conjuncts.filter(searches);
  if (scanned.length === 0) return { indexed: query, scan: null };
  const indexed = conjuncts.filter((conjunct) => !searches(conjunct));
  return {
    indexed: indexed.length ? { $expr: { $and: indexed } } : null,
    scan: compileQuery({ $and: scanned }, callFieldSql),
  };
}

export function planCallsQuery(db: Database, request: CallsQueryRequest): CallsPlan {
  const columns = returnedColumns(request.columns);
  const { indexed, scan } = splitQuery(request.query);
  const stored = new Set<CallColumn>(columns);
  if (stored.has("summary")) for (const column of ["started_at", "ended_at", "exception"] as const) stored.add(column);
  return {
    columns,
    stored: CALL_COLUMNS.filter((column) => stored.has(column)),
    where: callsWhere(db, request.project_id, request.filter, indexed),
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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How many calls match (at most `limit` when given): upstream's query_stats. Without a text
 * search, one COUNT over an index; with one, a walk in steps (scan.ts) with the event loop free
 * between them, since it reads every row the other conditions leave.
 */
export async function countCalls(db: Database, request: CallsQueryStatsRequest): Promise<number> {
  const { indexed, scan } = splitQuery(request.query);
  const where = callsWhere(db, request.project_id, request.filter, indexed);
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
      budgetMs: WALK_STEP_MS,
    }).length;
    if (state.exhausted || (limit >= 0 && counted >= limit)) return counted;
    await nextTurn();
  }
}

/** How long one step of a walk may run before the event loop gets a turn. */
export const WALK_STEP_MS = 20;
