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

/** Below this many index entries walked, the walk is as cheap as reading the buckets. */
const MIN_SKIP = 2_000;

/**
 * The counts table serving a scope, the condition selecting its rows there (after queue_seq) and
 * the scope's states (checked apart, so a walk's length counts every state), or undefined when no
 * table counts that scope.
 */
function bucketSource(
  scope: Scope,
): { table: string; sql: string; params: string[]; states: readonly string[] } | undefined {
  if (scope.addedBy !== undefined || scope.lookups?.length || scope.eqs.length > 1) return undefined;
  const [eq] = scope.eqs;
  const op = eq?.value;
  if (eq && (eq.field !== "call_op_name" || typeof op !== "string")) return undefined;
  const states = scope.states ?? [];
  return typeof op === "string"
    ? { table: "annotation_queue_item_op_time_counts", sql: " AND call_op_name = ?", params: [op], states }
    : { table: "annotation_queue_item_time_counts", sql: "", params: [], states };
}

const statesSql = (states: readonly string[]): string =>
  states.length ? ` AND annotation_state IN (${states.map(() => "?").join(", ")})` : "";

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
  if (!key || !isTimestamp(key.field)) return undefined;
  const source = bucketSource(scope);
  if (!source) return undefined;
  // Without a state filter the walk covers `offset` entries; with one it also steps over every
  // entry of the other states, so a sparse state walks far to a shallow page.
  if (source.states.length === 0 && offset < MIN_SKIP) return undefined;
  const matching = source.states.length
    ? `SUM(CASE WHEN annotation_state IN (${source.states.map(() => "?").join(", ")}) THEN n ELSE 0 END)`
    : "SUM(n)";
  const sql = `SELECT bucket, ${matching}, SUM(n) FROM ${source.table}
    WHERE queue_seq = ?${source.sql} AND field = ? GROUP BY bucket ORDER BY bucket ${key.dir.toUpperCase()}`;
  let passed = 0;
  let walked = 0;
  const rows = cached(db, sql, "raw").iterate(
    ...source.states,
    scope.queueSeq,
    ...source.params,
    key.field,
  ) as Iterable<[number, number, number]>;
  for (const [bucket, n, all] of rows) {
    if (passed + n > offset) {
      if (walked < MIN_SKIP) return undefined;
      const range: Range =
        key.dir === "asc"
          ? { column: key.field, op: ">=", value: bucket * BUCKET_MS }
          : { column: key.field, op: "<", value: (bucket + 1) * BUCKET_MS };
      return { range, passed };
    }
    passed += n;
    walked += all;
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
     WHERE queue_seq = ?${source.sql}${statesSql(source.states)} AND field = ? AND bucket > ? AND bucket < ?`,
    "pluck",
  ).get(
    scope.queueSeq,
    ...source.params,
    ...source.states,
    field,
    low ?? Number.MIN_SAFE_INTEGER,
    high ?? Number.MAX_SAFE_INTEGER,
  ) as number;
  const lowPart = low === undefined ? 0 : walk([...ranges, { column: field, op: "<", value: (low + 1) * BUCKET_MS }]);
  const highPart = high === undefined ? 0 : walk([...ranges, { column: field, op: ">=", value: high * BUCKET_MS }]);
  return whole + lowPart + highPart;
}
