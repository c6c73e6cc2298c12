import type { Database } from "better-sqlite3";
import { TIME_BUCKET_SHIFT } from "./item-time-counts-migration";
import { isTimestamp, type Key, type Range, type Scope } from "./item-order";
import { cached } from "../db/statements";

// The trigger-kept per-bucket counts (item-time-counts-migration.ts, and per operation
// item-op-time-counts-migration.ts) turn the long walks of a timestamp order into short ones: the
// rows before a page are whole buckets, summed, plus the part of one bucket the walk still covers.
// They count by queue, operation and state only: a scope with an adder, lookup or timestamp
// equality walks the index as before.

const BUCKET_MS = 2 ** TIME_BUCKET_SHIFT;
const bucketOf = (value: number): number => Math.floor(value / BUCKET_MS);

/** Below this offset the walk is as cheap as reading the buckets. */
const MIN_SKIP = 2_000;

/**
 * The counts table serving a scope and the condition selecting its rows there (after queue_seq),
 * or undefined when no table counts that scope.
 */
function bucketSource(scope: Scope): { table: string; sql: string; params: string[] } | undefined {
  if (scope.addedBy !== undefined || scope.lookups?.length || scope.eqs.length > 1) return undefined;
  const [eq] = scope.eqs;
  if (eq && (eq.field !== "call_op_name" || typeof eq.value !== "string")) return undefined;
  const states = scope.states ?? [];
  const statesSql = states.length ? ` AND annotation_state IN (${states.map(() => "?").join(", ")})` : "";
  return eq
    ? {
        table: "annotation_queue_item_op_time_counts",
        sql: ` AND call_op_name = ?${statesSql}`,
        params: [eq.value as string, ...states],
      }
    : { table: "annotation_queue_item_time_counts", sql: statesSql, params: [...states] };
}

/**
 * Where a walk to the row at `offset` in `key` order (first key) may start instead: a bound on the
 * key at the start of the bucket holding that row, and how many rows in scope sort before it.
 * Undefined when the counts cannot tell or save nothing.
 */
export function skipToBucket(
  db: Database,
  scope: Scope,
  key: Key | undefined,
  offset: number,
): { range: Range; passed: number } | undefined {
  if (!key || !isTimestamp(key.field) || offset < MIN_SKIP) return undefined;
  const source = bucketSource(scope);
  if (!source) return undefined;
  const sql = `SELECT bucket, SUM(n) FROM ${source.table}
    WHERE queue_seq = ?${source.sql} AND field = ? GROUP BY bucket ORDER BY bucket ${key.dir.toUpperCase()}`;
  let passed = 0;
  for (const [bucket, n] of cached(db, sql, "raw").iterate(scope.queueSeq, ...source.params, key.field) as Iterable<
    [number, number]
  >) {
    if (passed + n > offset) {
      if (passed === 0) return undefined;
      const range: Range =
        key.dir === "asc"
          ? { column: key.field, op: ">=", value: bucket * BUCKET_MS }
          : { column: key.field, op: "<", value: (bucket + 1) * BUCKET_MS };
      return { range, passed };
    }
    passed += n;
  }
  return undefined;
}

/**
 * The number of rows in scope within `ranges` (bounds on one timestamp field): whole buckets from
 * the counts, the partly covered buckets at either end by `walk` (an index count). Undefined when
 * the counts cannot answer or the range lies within two buckets (the walk is short).
 */
export function countFromBuckets(
  db: Database,
  scope: Scope,
  ranges: readonly Range[],
  walk: (ranges: readonly Range[]) => number,
): number | undefined {
  const field = ranges[0]?.column;
  if (field === undefined || field === "seq" || !isTimestamp(field)) return undefined;
  const source = bucketSource(scope);
  if (!source) return undefined;
  if (ranges.some((r) => r.column !== field || typeof r.value !== "number")) return undefined;
  const lows = ranges.filter((r) => r.op === ">" || r.op === ">=").map((r) => bucketOf(r.value as number));
  const highs = ranges.filter((r) => r.op === "<" || r.op === "<=").map((r) => bucketOf(r.value as number));
  const low = lows.length ? Math.max(...lows) : undefined;
  const high = highs.length ? Math.min(...highs) : undefined;
  if (low !== undefined && high !== undefined && high - low < 2) return undefined;

  const whole = cached(
    db,
    `SELECT IFNULL(SUM(n), 0) FROM ${source.table}
     WHERE queue_seq = ?${source.sql} AND field = ? AND bucket > ? AND bucket < ?`,
    "pluck",
  ).get(
    scope.queueSeq,
    ...source.params,
    field,
    low ?? Number.MIN_SAFE_INTEGER,
    high ?? Number.MAX_SAFE_INTEGER,
  ) as number;
  const lowPart = low === undefined ? 0 : walk([...ranges, { column: field, op: "<", value: (low + 1) * BUCKET_MS }]);
  const highPart = high === undefined ? 0 : walk([...ranges, { column: field, op: ">=", value: high * BUCKET_MS }]);
  return whole + lowPart + highPart;
}
