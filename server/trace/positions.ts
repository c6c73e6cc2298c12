import type { Database } from "better-sqlite3";
import {
  after,
  before,
  everyOperationIndex,
  indexFor,
  isTimestamp,
  orderClause,
  whereClause,
  type Key,
  type Range,
  type Scope,
  type Value,
} from "./item-order";
import { countRows, orderedSeqs } from "./item-scans";
import type { ItemRow } from "./rows";
import { cached } from "../db/statements";

// position_in_queue: the 1-based rank of an item, in the request's order, among the live items of
// its queue that pass the request's scalar filters (the state filter comes after numbering, as
// upstream: item-order.ts numberedScope). The scope passed in never holds states. A rank is a count of the rows sorting before the item, split into
// range counts that each walk one index: for keys (k1, k2) and tie-breaker seq,
//   before(r) = #(k1 before r.k1) + #(k1 = r.k1, k2 before r.k2) + #(k1 = r.k1, k2 = r.k2, seq < r.seq).
// Only the first page row is ranked from an end of the queue. The others are numbered from it:
// in one window-function pass over the stretch of the order the page spans when that stretch is
// short, else by adding the rows strictly between each row and the previous one (range counts
// again), so a page costs one walk to it plus one walk across it.

type Ranked = Pick<ItemRow, "seq" | Key["field"]>;
const valueOf = (row: Ranked, key: Key): Value => row[key.field];

function countBefore(db: Database, scope: Scope, keys: readonly Key[], row: Ranked): number {
  let n = 0;
  let eqs = scope.eqs;
  for (const key of keys) {
    const value = valueOf(row, key);
    n += countRows(db, { ...scope, eqs }, [{ column: key.field, op: before(key.dir), value }]);
    eqs = [...eqs, { field: key.field, value }];
  }
  return n + countRows(db, { ...scope, eqs }, [{ column: "seq", op: "<", value: row.seq }]);
}

function countAfter(db: Database, scope: Scope, keys: readonly Key[], row: Ranked): number {
  let n = 0;
  let eqs = scope.eqs;
  for (const key of keys) {
    const value = valueOf(row, key);
    n += countRows(db, { ...scope, eqs }, [{ column: key.field, op: after(key.dir), value }]);
    eqs = [...eqs, { field: key.field, value }];
  }
  return n + countRows(db, { ...scope, eqs }, [{ column: "seq", op: ">", value: row.seq }]);
}

/** Rows strictly between `a` and `b`, where `a` sorts before `b`. */
function countBetween(db: Database, scope: Scope, keys: readonly Key[], a: Ranked, b: Ranked): number {
  let eqs = scope.eqs;
  for (let p = 0; p < keys.length; p++) {
    const key = keys[p] as Key;
    const va = valueOf(a, key);
    const vb = valueOf(b, key);
    if (va === vb) {
      eqs = [...eqs, { field: key.field, value: va }];
      continue;
    }
    const rest = keys.slice(p + 1);
    return (
      countRows(db, { ...scope, eqs }, [
        { column: key.field, op: after(key.dir), value: va },
        { column: key.field, op: before(key.dir), value: vb },
      ]) +
      countAfter(db, { ...scope, eqs: [...eqs, { field: key.field, value: va }] }, rest, a) +
      countBefore(db, { ...scope, eqs: [...eqs, { field: key.field, value: vb }] }, rest, b)
    );
  }
  return countRows(db, { ...scope, eqs }, [
    { column: "seq", op: ">", value: a.seq },
    { column: "seq", op: "<", value: b.seq },
  ]);
}

/**
 * Ranks of `rows` (given in `keys` order) among the live items of `scope` (a queue, maybe with
 * operation and adder equalities). `fromEnd` counts the first row's rank from the scope's end
 * (total - rows after it), cheaper for rows in its back half.
 */
export function ranksOf(
  db: Database,
  scope: Scope,
  keys: readonly Key[],
  rows: readonly Ranked[],
  fromEnd?: { total: number },
  /** How to number rows after the first (tests force each way). */
  method: "auto" | "window" | "runs" | "counts" = "auto",
): number[] {
  const [first, last] = [rows[0], rows.at(-1)];
  const [key] = keys;
  if (!first || !last || !key) return [];
  const firstRank = fromEnd
    ? fromEnd.total - countAfter(db, scope, keys, first)
    : 1 + countBefore(db, scope, keys, first);
  if (rows.length === 1) return [firstRank];

  // A timestamp first key with more keys after it: number the page's runs of equal values, each
  // read whole in order from an index, and count the rows between them (no sort of the stretch).
  if (method === "runs" || (method === "auto" && isTimestamp(key.field) && keys.length > 1)) {
    const ranks = numberRuns(db, scope, keys, rows, firstRank, method === "runs" ? Infinity : SCAN_ROWS_PER_PAGE_ROW);
    if (ranks) return ranks;
  }

  // A page spread over few rows of the full order: number that stretch in one statement.
  const [low, high] = key.dir === "asc" ? [first[key.field], last[key.field]] : [last[key.field], first[key.field]];
  const stretch = [
    { column: key.field, op: ">=" as const, value: low },
    { column: key.field, op: "<=" as const, value: high },
  ];
  if (
    method === "window" ||
    (method === "auto" && countRows(db, scope, stretch) <= SCAN_ROWS_PER_PAGE_ROW * rows.length)
  ) {
    const numbers = numberStretch(db, scope, keys, stretch, rows);
    const offset = firstRank - (numbers.get(first.seq) as number);
    return rows.map((row) => offset + (numbers.get(row.seq) as number));
  }

  // Otherwise each next rank adds the rows strictly between it and the previous one.
  const ranks = [firstRank];
  for (let i = 1; i < rows.length; i++)
    ranks.push((ranks[i - 1] as number) + 1 + countBetween(db, scope, keys, rows[i - 1] as Ranked, rows[i] as Ranked));
  return ranks;
}

/**
 * Ranks of the page rows from the runs of equal first-key values they fall in: each run listed
 * whole in the order of the remaining keys (orderedSeqs), a row's rank its place in its run after
 * the rank where the run starts; a run starts one after the previous run ends plus the rows whose
 * first key lies strictly between the two (a range count). Undefined when the runs would list more
 * than `perRow` rows per page row (a run of many equal values: the caller numbers another way).
 */
function numberRuns(
  db: Database,
  scope: Scope,
  keys: readonly Key[],
  rows: readonly Ranked[],
  firstRank: number,
  perRow: number,
): number[] | undefined {
  const [key, ...rest] = keys as [Key, ...Key[]];
  let budget = perRow * rows.length;
  const ranks: number[] = [];
  let runStart = 0;
  let previous: { value: Value; end: number } | undefined;
  for (let i = 0; i < rows.length;) {
    const value = valueOf(rows[i] as Ranked, key);
    let end = i + 1;
    while (end < rows.length && valueOf(rows[end] as Ranked, key) === value) end += 1;
    const run = orderedSeqs(db, { ...scope, eqs: [...scope.eqs, { field: key.field, value }] }, rest, "asc", {
      offset: 0,
      limit: Number.isFinite(budget) ? budget + 1 : Infinity,
    });
    budget -= run.length;
    if (budget < 0) return undefined;
    const place = new Map(run.map((seq, index) => [seq, index]));
    if (previous === undefined) {
      runStart = firstRank - (place.get((rows[0] as Ranked).seq) as number);
    } else {
      const between = countRows(db, scope, [
        { column: key.field, op: after(key.dir), value: previous.value },
        { column: key.field, op: before(key.dir), value },
      ]);
      runStart = previous.end + 1 + between;
    }
    for (let r = i; r < end; r++) ranks.push(runStart + (place.get((rows[r] as Ranked).seq) as number));
    previous = { value, end: runStart + run.length - 1 };
    i = end;
  }
  return ranks;
}

/**
 * Numbering a stretch costs about as much per row as 1/SCAN_ROWS_PER_PAGE_ROW of the few range
 * counts that rank one page row from its neighbour.
 */
const SCAN_ROWS_PER_PAGE_ROW = 60;

/** Row numbers (1-based, in `keys, seq` order) within the stretch of the given rows. */
function numberStretch(
  db: Database,
  scope: Scope,
  keys: readonly Key[],
  stretch: Range[],
  rows: readonly Ranked[],
): Map<number, number> {
  const time = stretch[0]?.column as Key["field"];
  // An operation key after the timestamp: the stretch from the operation-first index, no table reads.
  const byOperation = keys.some((k) => k.field === "call_op_name") ? everyOperationIndex(scope, time) : undefined;
  const where = whereClause(scope, stretch, { liveOnly: true, everyOperation: byOperation !== undefined });
  const index =
    byOperation ??
    indexFor(
      scope.eqs.map((eq) => eq.field),
      time,
    );
  const sql = `SELECT seq, n FROM (
      SELECT seq, row_number() OVER (ORDER BY ${orderClause(keys, "asc")}) AS n
      FROM annotation_queue_items INDEXED BY ${index} WHERE ${where.sql}
    ) WHERE seq IN (SELECT value FROM json_each(?))`;
  const found = cached(db, sql, "raw").all(...where.params, JSON.stringify(rows.map((r) => r.seq))) as [
    number,
    number,
  ][];
  return new Map(found);
}
