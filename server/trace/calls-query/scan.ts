import type { Database, Statement } from "better-sqlite3";
import type { SqlCondition } from "../feedback/query-sql";
import { afterCondition, orderBySql, type SortKey } from "./order";

/**
 * A condition no index answers (a text search, `$contains`; a value inside a call's JSON, `$eq` on
 * `inputs.x`; the refs its inputs hold, `input_refs`) makes SQLite test every row the other
 * conditions leave: every row of the project when matches are rare (seconds at 1M calls), which in
 * one statement would hold the event loop all that time. So such a query is a walk in the query's
 * order, in windows: each step is one statement over at most SCAN_WINDOW rows, testing the
 * condition in SQLite and handing back only the matches and the window's last row (to resume
 * after, keyset). Matches are counted against the offset here, not by SQLite's OFFSET.
 */
const SCAN_WINDOW = 10_000;

export type Walk = { where: SqlCondition; scan: SqlCondition; keys: readonly SortKey[] };
export type WalkState = {
  last: unknown[] | null;
  skipped: number;
  exhausted: boolean;
  /** The walk's statements, prepared once per walk: its steps repeat two or three shapes. */
  prepared?: Map<string, Statement>;
};

function prepareFor(db: Database, state: WalkState, sql: string): Statement {
  state.prepared ??= new Map();
  let statement = state.prepared.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    state.prepared.set(sql, statement);
  }
  return statement;
}

type MatchedRow = Record<string, unknown> & { r: number };

/**
 * One step: the row ids of up to `wanted` matches after the first `offset` (over all steps), in
 * order. Sets `state.exhausted` when the walk has read its last row.
 */
export function walkStep(
  db: Database,
  walk: Walk,
  state: WalkState,
  options: { wanted: number; offset: number; window?: number },
): number[] {
  const window = options.window ?? SCAN_WINDOW;
  const after = state.last ? afterCondition(walk.keys, state.last) : { sql: "1", params: [] };
  const keys = walk.keys.map((key, i) => `${key.sql} AS k${i}`).join(", ");
  const keyParams = walk.keys.flatMap((key) => key.params);
  const order = orderBySql(walk.keys).sql;
  const windowRows = `FROM trace_calls c WHERE ${walk.where.sql} AND ${after.sql} ORDER BY ${order}`;
  const windowParams = [...walk.where.params, ...after.params];
  // Two statements rather than one that hands every row of the window to JavaScript: crossing
  // into JavaScript costs far more per row than SQLite's test does (a 10,000-row window: 9 ms
  // against 45 ms). The first tests the window and answers its matches, the second its last row.
  const matches = prepareFor(
    db,
    state,
    `SELECT r, ${walk.keys.map((_, i) => `k${i}`).join(", ")} FROM (
       SELECT c.rowid AS r, ${keys}, (${walk.scan.sql}) AS m ${windowRows} LIMIT ?) WHERE m`,
  ).iterate(...keyParams, ...walk.scan.params, ...windowParams, window) as IterableIterator<MatchedRow>;
  const keysOf = (row: Record<string, unknown>) => walk.keys.map((_, i) => row[`k${i}`]);
  const matched: number[] = [];
  for (const row of matches) {
    if (state.skipped < options.offset) state.skipped++;
    else matched.push(row.r);
    if (matched.length >= options.wanted) {
      // The next step resumes right after the last match taken.
      state.last = keysOf(row);
      return matched;
    }
  }
  const lastRow = prepareFor(db, state, `SELECT ${keys} ${windowRows} LIMIT 1 OFFSET ?`).get(
    ...keyParams,
    ...windowParams,
    window - 1,
  ) as Record<string, unknown> | undefined;
  if (lastRow) state.last = keysOf(lastRow);
  else state.exhausted = true;
  return matched;
}
