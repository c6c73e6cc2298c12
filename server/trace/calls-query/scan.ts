import type { Database } from "better-sqlite3";
import type { SqlCondition } from "../feedback/query-sql";
import { afterCondition, orderBySql, type SortKey } from "./order";

/**
 * A text search (`$contains`) has no index: SQLite tests every row until it has enough matches,
 * and a rare or absent word means every row of the project (seconds at 1M calls), which in one
 * statement would hold the event loop all that time. So such a query is a walk in the query's
 * order, in windows: each step reads at most SCAN_WINDOW rows' keys, with the search's outcome as
 * a column, for at most a time budget, then yields; the next step resumes after the last row it
 * read (keyset). Matches are counted against the offset here, not by SQLite's OFFSET.
 */
const SCAN_WINDOW = 20_000;

export type Walk = { where: SqlCondition; scan: SqlCondition; keys: readonly SortKey[] };
export type WalkState = { last: unknown[] | null; skipped: number; exhausted: boolean };

type ScannedRow = Record<string, unknown> & { r: number; m: number | null };

/**
 * One step: the row ids of up to `wanted` matches after the first `offset` (over all steps), in
 * order. Sets `state.exhausted` when the walk has read its last row.
 */
export function walkStep(
  db: Database,
  walk: Walk,
  state: WalkState,
  options: { wanted: number; offset: number; budgetMs: number; window?: number },
): number[] {
  const window = options.window ?? SCAN_WINDOW;
  const after = state.last ? afterCondition(walk.keys, state.last) : { sql: "1", params: [] };
  const keys = walk.keys.map((key, i) => `${key.sql} AS k${i}`).join(", ");
  const statement = db.prepare(
    `SELECT c.rowid AS r, ${keys}, ${walk.scan.sql} AS m FROM trace_calls c
     WHERE ${walk.where.sql} AND ${after.sql} ORDER BY ${orderBySql(walk.keys).sql} LIMIT ?`,
  );
  const params = [
    ...walk.keys.flatMap((key) => key.params),
    ...walk.scan.params,
    ...walk.where.params,
    ...after.params,
    window,
  ];
  const matched: number[] = [];
  const started = performance.now();
  let read = 0;
  let stopped = false;
  for (const row of statement.iterate(...params) as IterableIterator<ScannedRow>) {
    read++;
    state.last = walk.keys.map((_, i) => row[`k${i}`]);
    if (row.m) {
      if (state.skipped < options.offset) state.skipped++;
      else matched.push(row.r);
    }
    if (matched.length >= options.wanted || (read % 256 === 0 && performance.now() - started > options.budgetMs)) {
      stopped = true;
      break;
    }
  }
  if (!stopped && read < window) state.exhausted = true;
  return matched;
}
