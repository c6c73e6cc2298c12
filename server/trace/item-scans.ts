import type { Database } from "better-sqlite3";
import { cached } from "../db/statements";
import {
  everyOperationIndex,
  indexFor,
  orderClause,
  whereClause,
  type Dir,
  type Field,
  type Key,
  type Range,
  type Scope,
  type Value,
} from "./item-order";
import { countFromBuckets, skipToBucket } from "./time-buckets";

// The few index walks the items query is built from. Each names its index (INDEXED BY) so the
// cost is what the plan expects, not what SQLite's planner guesses without statistics.

const eqFields = (scope: Scope): Field[] => scope.eqs.map((eq) => eq.field);
/** The timestamp a scope holds equal (a run of equal values), if any. */
const timeEq = (scope: Scope): Field | undefined => scope.eqs.find((eq) => eq.field !== "call_op_name")?.field;

/**
 * Number of rows in scope within the ranges: read from the trigger-kept counts when the question
 * is about operations, states and adders only, otherwise by walking the index entries it counts.
 */
export function countRows(db: Database, scope: Scope, ranges: readonly Range[] = []): number {
  return (
    countFromCounts(db, scope, ranges) ??
    countFromBuckets(db, scope, ranges, (within) => countByWalk(db, scope, within)) ??
    countByWalk(db, scope, ranges)
  );
}

/** Number of rows in scope within the ranges, by walking the index entries it counts. */
function countByWalk(db: Database, scope: Scope, ranges: readonly Range[]): number {
  const rangeColumn = ranges[0]?.column;
  // Rows of one timestamp value before or after an operation name: counted on the operation-first index.
  const byOperation = rangeColumn === "call_op_name" ? everyOperationIndex(scope, timeEq(scope)) : undefined;
  const index =
    byOperation ?? indexFor(eqFields(scope), rangeColumn === undefined || rangeColumn === "seq" ? null : rangeColumn);
  const where = whereClause(scope, ranges, { liveOnly: true, everyOperation: byOperation !== undefined });
  return cached(db, `SELECT count(*) FROM annotation_queue_items INDEXED BY ${index} WHERE ${where.sql}`, "pluck").get(
    ...where.params,
  ) as number;
}

/** The value of `key` on the row at `offset` in key order (ties in any order: only the value matters). */
export function valueAt(db: Database, scope: Scope, key: Key, offset: number): Value | undefined {
  const where = whereClause(scope);
  const sql = `SELECT ${key.field} FROM annotation_queue_items INDEXED BY ${indexFor(eqFields(scope), key.field)}
    WHERE ${where.sql} ORDER BY ${key.field} ${key.dir.toUpperCase()} LIMIT 1 OFFSET ?`;
  return cached(db, sql, "pluck").get(...where.params, offset) as Value | undefined;
}

/**
 * `[seq, key value]` of the rows at `offset, limit` in the index's own order: `key` in its
 * direction, ties by seq in that same direction. A pure index walk.
 */
export function indexEntries(
  db: Database,
  scope: Scope,
  key: Key,
  window: { offset: number; limit: number },
): [number, Value][] {
  const skip = skipToBucket(db, scope, key, window.offset);
  const where = whereClause(scope, skip ? [skip.range] : []);
  const sql = `SELECT seq, ${key.field} FROM annotation_queue_items INDEXED BY ${indexFor(eqFields(scope), key.field)}
    WHERE ${where.sql} ORDER BY ${orderClause([key], key.dir)} LIMIT ? OFFSET ?`;
  const limit = Number.isFinite(window.limit) ? window.limit : -1;
  return cached(db, sql, "raw").all(...where.params, limit, window.offset - (skip?.passed ?? 0)) as [number, Value][];
}

/** The first value of `key` after `value` in key order among rows in scope. */
export function nextValue(db: Database, scope: Scope, key: Key, value: Value): Value | undefined {
  const where = whereClause(scope, [{ column: key.field, op: key.dir === "asc" ? ">" : "<", value }]);
  const sql = `SELECT ${key.field} FROM annotation_queue_items INDEXED BY ${indexFor(eqFields(scope), key.field)}
    WHERE ${where.sql} ORDER BY ${key.field} ${key.dir.toUpperCase()} LIMIT 1`;
  return cached(db, sql, "pluck").get(...where.params) as Value | undefined;
}

/**
 * Row ids in `keys, seq seqDir` order. Served by the first key's index: a pure index walk when the
 * order is the index's (one key whose direction matches seqDir), otherwise SQLite sorts each run of
 * equal first-key values ("temp b-tree for right part of order by"), cheap for small runs.
 */
export function orderedSeqs(
  db: Database,
  scope: Scope,
  keys: readonly Key[],
  seqDir: Dir,
  window: { offset: number; limit: number },
  ranges: readonly Range[] = [],
): number[] {
  // The rows of the buckets before the page come before it whatever the later keys.
  const skip = ranges.length === 0 ? skipToBucket(db, scope, keys[0], window.offset) : undefined;
  // A run of one timestamp value ordered by operation: read in order from the operation-first index.
  const byOperation = keys[0]?.field === "call_op_name" ? everyOperationIndex(scope, timeEq(scope)) : undefined;
  const where = whereClause(scope, skip ? [skip.range] : ranges, {
    liveOnly: true,
    everyOperation: byOperation !== undefined,
  });
  const index = byOperation ?? indexFor(eqFields(scope), keys[0]?.field ?? null);
  const sql = `SELECT seq FROM annotation_queue_items INDEXED BY ${index}
    WHERE ${where.sql} ORDER BY ${orderClause(keys, seqDir)} LIMIT ? OFFSET ?`;
  const limit = Number.isFinite(window.limit) ? window.limit : -1;
  return cached(db, sql, "pluck").all(...where.params, limit, window.offset - (skip?.passed ?? 0)) as number[];
}

/** Row ids of the few rows matching lookups (id, call id, trace id), ordered; SQLite sorts them. */
export function lookupSeqs(
  db: Database,
  scope: Scope,
  keys: readonly Key[],
  window: { offset: number; limit: number },
): number[] {
  const first = scope.lookups?.[0];
  if (!first) throw new Error("lookupSeqs needs a lookup");
  const index = { id: "ix_aqi_id", call_id: "ix_aqi_call", call_trace_id: "ix_aqi_trace" }[first.column];
  const where = whereClause(scope);
  const sql = `SELECT seq FROM annotation_queue_items INDEXED BY ${index}
    WHERE ${where.sql} ORDER BY ${orderClause(keys, "asc")} LIMIT ? OFFSET ?`;
  const limit = Number.isFinite(window.limit) ? window.limit : -1;
  return cached(db, sql, "pluck").all(...where.params, limit, window.offset) as number[];
}

/**
 * The WHERE clause over annotation_queue_item_counts equivalent to a scope and ranges, when there
 * is one: equalities and ranges on the operation name, state and adder filters, no lookups.
 */
function countsWhere(scope: Scope, ranges: readonly Range[]): { sql: string; params: Value[] } | undefined {
  if (scope.lookups?.length) return undefined;
  // The counts file an unknown adder under '': an adder filter of '' cannot be told apart.
  if (scope.addedBy === "") return undefined;
  if (scope.eqs.some((eq) => eq.field !== "call_op_name") || ranges.some((r) => r.column !== "call_op_name"))
    return undefined;
  // The counts table holds live items only: no deleted_at condition.
  return whereClause(scope, ranges, { liveOnly: false });
}

/** The number of rows in scope within the ranges, from the trigger-kept counts alone; undefined when they cannot tell. */
export function countFromCounts(db: Database, scope: Scope, ranges: readonly Range[] = []): number | undefined {
  const where = countsWhere(scope, ranges);
  if (!where) return undefined;
  return cached(db, `SELECT IFNULL(SUM(n), 0) FROM annotation_queue_item_counts WHERE ${where.sql}`, "pluck").get(
    ...where.params,
  ) as number;
}

/** Per operation name, in `dir` order, the number of rows in scope; undefined when the counts cannot tell. */
export function operationGroups(db: Database, scope: Scope, dir: Dir): { value: string; n: number }[] | undefined {
  const where = countsWhere(scope, []);
  if (!where) return undefined;
  const sql = `SELECT call_op_name AS value, SUM(n) AS n FROM annotation_queue_item_counts WHERE ${where.sql}
    GROUP BY call_op_name HAVING SUM(n) > 0 ORDER BY call_op_name ${dir.toUpperCase()}`;
  return cached(db, sql).all(...where.params) as { value: string; n: number }[];
}
