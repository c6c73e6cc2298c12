import type { Database } from "better-sqlite3";
import { TIME_BUCKET_SHIFT } from "./item-time-counts-migration";
import { isTimestamp, type Key, type Range, type Scope } from "./item-order";
import { cached } from "../db/statements";

// The trigger-kept per-bucket counts (item-time-counts-migration.ts) turn the long walks of a
// timestamp order into short ones: the rows before a page are whole buckets, summed, plus the part
// of one bucket the walk still covers. They count by queue and state only: a scope with an
// operation, adder or lookup equality walks the index as before.

const BUCKET_MS = 2 ** TIME_BUCKET_SHIFT;
const bucketOf = (value: number): number => Math.floor(value / BUCKET_MS);

/** Below this offset the walk is as cheap as reading the buckets. */
const MIN_SKIP = 2_000;

const countable = (scope: Scope): boolean =>
  scope.eqs.length === 0 && scope.addedBy === undefined && !scope.lookups?.length;

function statesClause(scope: Scope): { sql: string; params: string[] } {
  if (!scope.states) return { sql: "", params: [] };
  return { sql: ` AND annotation_state IN (${scope.states.map(() => "?").join(", ")})`, params: [...scope.states] };
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
  if (!key || !isTimestamp(key.field) || offset < MIN_SKIP || !countable(scope)) return undefined;
  const states = statesClause(scope);
  const sql = `SELECT bucket, SUM(n) FROM annotation_queue_item_time_counts
    WHERE queue_seq = ? AND field = ?${states.sql} GROUP BY bucket ORDER BY bucket ${key.dir.toUpperCase()}`;
  let passed = 0;
  for (const [bucket, n] of cached(db, sql, "raw").iterate(scope.queueSeq, key.field, ...states.params) as Iterable<
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
  if (field === undefined || field === "seq" || !isTimestamp(field) || !countable(scope)) return undefined;
  if (ranges.some((r) => r.column !== field || typeof r.value !== "number")) return undefined;
  const lows = ranges.filter((r) => r.op === ">" || r.op === ">=").map((r) => bucketOf(r.value as number));
  const highs = ranges.filter((r) => r.op === "<" || r.op === "<=").map((r) => bucketOf(r.value as number));
  const low = lows.length ? Math.max(...lows) : undefined;
  const high = highs.length ? Math.min(...highs) : undefined;
  if (low !== undefined && high !== undefined && high - low < 2) return undefined;

  const states = statesClause(scope);
  const whole = cached(
    db,
    `SELECT IFNULL(SUM(n), 0) FROM annotation_queue_item_time_counts
     WHERE queue_seq = ? AND field = ? AND bucket > ? AND bucket < ?${states.sql}`,
    "pluck",
  ).get(
    scope.queueSeq,
    field,
    low ?? Number.MIN_SAFE_INTEGER,
    high ?? Number.MAX_SAFE_INTEGER,
    ...states.params,
  ) as number;
  const lowPart = low === undefined ? 0 : walk([...ranges, { column: field, op: "<", value: (low + 1) * BUCKET_MS }]);
  const highPart = high === undefined ? 0 : walk([...ranges, { column: field, op: ">=", value: high * BUCKET_MS }]);
  return whole + lowPart + highPart;
}
