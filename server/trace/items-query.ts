import type { Database } from "better-sqlite3";
import type { AnnotationQueueItem } from "../../contract/trace";
import {
  before,
  filterParts,
  flip,
  isTimestamp,
  numberedScope,
  sortKeys,
  type Dir,
  type ItemsQuery,
  type Key,
  type Scope,
  type Value,
} from "./item-order";
import {
  countFromCounts,
  countRows,
  indexEntries,
  lookupSeqs,
  nextValue,
  operationGroups,
  orderedSeqs,
  valueAt,
} from "./item-scans";
import { ranksOf } from "./positions";
import { toApiItem, type ItemRow, type QueueRow } from "./rows";
import { cached } from "../db/statements";

/** The rows of a page of the items query, in order, and each row's position_in_queue (null when not asked for). */
export type ItemsPage = { rows: ItemRow[]; positions: (number | null)[] };

/**
 * The items query (docs/service-contracts.md#items-query), planned so that its cost follows the page, not the
 * queue: README.md "Query plan" explains each step. `queryItemsNaive` is the plain-SQL reference
 * it must always agree with.
 */
export function queryItems(
  db: Database,
  queue: Pick<QueueRow, "seq" | "id">,
  request: ItemsQuery,
): AnnotationQueueItem[] {
  const page = queryItemRows(db, queue, request);
  return page.rows.map((row, i) => toApiItem(row, queue.id, page.positions[i] ?? null));
}

/** The items query's page as stored rows and positions: what the route serialises without building API objects. */
export function queryItemRows(db: Database, queue: Pick<QueueRow, "seq" | "id">, request: ItemsQuery): ItemsPage {
  const parts = filterParts(request);
  const keys = sortKeys(request);
  const offset = request.offset ?? 0;
  const limit = request.limit ?? Infinity;
  const scope: Scope = {
    queueSeq: queue.seq,
    eqs: parts.opName === undefined ? [] : [{ field: "call_op_name", value: parts.opName }],
    states: parts.states,
    addedBy: parts.addedBy,
    lookups: parts.lookups,
  };

  let seqs: number[];
  let matching: number | undefined;
  if (parts.lookups.length > 0) {
    seqs = lookupSeqs(db, scope, keys, { offset, limit });
  } else {
    matching = countFromCounts(db, scope);
    // Under an operation filter the operation key is constant: it cannot order the page.
    const pageKeys = parts.opName === undefined ? keys : keys.filter((k) => k.field !== "call_op_name");
    seqs = pageSeqs(db, scope, pageKeys, "asc", offset, limit, matching);
  }

  const rows = fetchRows(db, seqs);
  if (!request.include_position) return { rows, positions: rows.map(() => null) };
  // Positions number what the scalar filters keep; without a state filter that is the list itself.
  if (parts.states === undefined) return { rows, positions: rows.map((_, i) => offset + i + 1) };
  const numbered = numberedScope(queue.seq, parts);
  if (parts.lookups.length > 0) {
    // A lookup keeps a handful of items: number them all.
    const order = lookupSeqs(db, numbered, keys, { offset: 0, limit: Infinity });
    return { rows, positions: rows.map((row) => order.indexOf(row.seq) + 1) };
  }
  const inBackHalf = matching !== undefined && offset > matching / 2;
  const total = inBackHalf ? countFromCounts(db, numbered) : undefined;
  return { rows, positions: ranksOf(db, numbered, keys, rows, total === undefined ? undefined : { total }) };
}

/**
 * Row ids of the page `offset, limit` of the rows in scope, in `keys, seq seqDir` order.
 * - `total` (rows in scope) known and the page in the back half: read it from the other end in
 *   the reversed order (every key and the tie-breaker flipped) and turn it around, so no walk
 *   covers more than half the rows.
 * - one key in the index's own direction: a single index walk.
 * - a timestamp first key: one walk of its index, then order the runs of equal values (pageByRuns).
 * - the operation name first (long runs of equal names): find the run holding `offset` from the
 *   per-operation counts, page inside it by the remaining keys on the operation-first indexes,
 *   and go on run after run until the page is full.
 */
function pageSeqs(
  db: Database,
  scope: Scope,
  keys: readonly Key[],
  seqDir: Dir,
  offset: number,
  limit: number,
  total?: number,
): number[] {
  if (limit <= 0 || (total !== undefined && offset >= total)) return [];
  if (total !== undefined && Number.isFinite(limit) && offset > total / 2) {
    const take = Math.min(limit, total - offset);
    const reversed = keys.map((k) => ({ field: k.field, dir: flip(k.dir) }));
    return pageSeqs(db, scope, reversed, flip(seqDir), total - offset - take, take).toReversed();
  }
  const [key, ...rest] = keys;
  if (!key || (rest.length === 0 && key.dir === seqDir)) return orderedSeqs(db, scope, keys, seqDir, { offset, limit });

  if (isTimestamp(key.field)) return pageByRuns(db, scope, key, rest, seqDir, offset, limit);

  const runOf = (value: string | number): Scope => ({ ...scope, eqs: [...scope.eqs, { field: key.field, value }] });
  const out: number[] = [];
  const groups = operationGroups(db, scope, key.dir);
  if (groups) {
    let skip = offset;
    for (const group of groups) {
      if (out.length >= limit) break;
      if (skip >= group.n) {
        skip -= group.n;
        continue;
      }
      out.push(...pageSeqs(db, runOf(group.value), rest, seqDir, skip, limit - out.length, group.n));
      skip = 0;
    }
    return out;
  }
  // Without counts (an adder filter of ''), find the run by walking the index.
  let value = valueAt(db, scope, key, offset);
  if (value === undefined) return [];
  let skip = offset - countRows(db, scope, [{ column: key.field, op: before(key.dir), value }]);
  while (value !== undefined && out.length < limit) {
    out.push(...pageSeqs(db, runOf(value), rest, seqDir, skip, limit - out.length));
    skip = 0;
    value = nextValue(db, scope, key, value);
  }
  return out;
}

/**
 * A timestamp key: one walk of its index gives the page's rows in the right runs of equal values
 * (a run occupies the same places in any order that starts with this key), with each run's rows
 * in seq order along the walk. Only runs of two or more rows need ordering by the remaining keys
 * and the tie-breaker: their rows at the same places are read in that order from the run itself
 * (an equality on the key, so a short walk). The first run may begin before the page: its offset
 * within the run is the number of its rows the walk passed before the page.
 */
function pageByRuns(
  db: Database,
  scope: Scope,
  key: Key,
  rest: readonly Key[],
  seqDir: Dir,
  offset: number,
  limit: number,
): number[] {
  const entries = indexEntries(db, scope, key, { offset, limit });
  const out: number[] = [];
  for (let start = 0; start < entries.length;) {
    const [firstSeq, value] = entries[start] as [number, Value];
    let end = start + 1;
    while (end < entries.length && (entries[end] as [number, Value])[1] === value) end += 1;
    const isFirst = start === 0;
    const isLast = end === entries.length;
    if (end - start === 1 && !isFirst && !isLast) {
      out.push(firstSeq);
    } else {
      const run: Scope = { ...scope, eqs: [...scope.eqs, { field: key.field, value }] };
      const passed = isFirst
        ? countRows(db, run, [{ column: "seq", op: key.dir === "asc" ? "<" : ">", value: firstSeq }])
        : 0;
      out.push(...orderedSeqs(db, run, rest, seqDir, { offset: passed, limit: end - start }));
    }
    start = end;
  }
  return out;
}

/** Full rows for the ids, in the ids' order. */
export function fetchRows(db: Database, seqs: readonly number[]): ItemRow[] {
  if (seqs.length === 0) return [];
  const found = cached(db, "SELECT * FROM annotation_queue_items WHERE seq IN (SELECT value FROM json_each(?))").all(
    JSON.stringify(seqs),
  ) as ItemRow[];
  const bySeq = new Map(found.map((row) => [row.seq, row]));
  return seqs.map((seq) => bySeq.get(seq)).filter((row): row is ItemRow => row !== undefined);
}
