import type { AnnotationQueueItem, ItemSortBy } from "@contract/trace";
import { compareInList, type OrderedItem } from "./list-order";

/** `limit` rows of the list from `offset` (filter and sort fixed by the caller). */
export type FetchRows = (offset: number, limit: number) => Promise<readonly AnnotationQueueItem[]>;

/**
 * One-row reads sent together in each round of the search. Each round waits for one round trip,
 * so on a slow network rounds are what the annotator waits for, not reads: a review opened by its
 * link 300 rows into a queue needs 18 reads: one after another at 300 ms each they would take 5.4 s;
 * in rounds it takes 5 (the test counts them). Four, not more: a browser sends at most six requests at once to one host over
 * HTTP/1.1, and the review's own requests (the call, the answers) must not queue behind these.
 */
export const PROBES_PER_ROUND = 4;

/** Once the answer is known to lie within this many rows, they (and the next) are read in one request (~35 KB). */
export const FINAL_READ_ROWS = 50;

/**
 * Where `anchor` stands: `before`, the number of rows of the list strictly before it; `from`, the
 * rows at `before` and after that the search's last read holds (none when it ended without one);
 * `reachesEnd`, whether that read reached the list's end, so `from` is all there is.
 */
export type Place = { before: number; from: readonly AnnotationQueueItem[]; reachesEnd: boolean };

/** The number of rows of the list that come strictly before `anchor` (see findPlace). */
export async function countBefore(
  fetchRows: FetchRows,
  anchor: OrderedItem,
  sort: readonly ItemSortBy[],
  hint = 0,
): Promise<number> {
  return (await findPlace(fetchRows, anchor, sort, hint)).before;
}

/**
 * The anchor's place in the list. It gallops away from `hint` (where the anchor probably is) with
 * steps that double, then narrows the range it found, each round sending PROBES_PER_ROUND one-row
 * reads at once, and reads the last few rows in one go, the first row not before the anchor
 * included, so a caller wanting the rows there has them. Nothing is shared between calls, so every
 * answer is about the list as it is now.
 */
export async function findPlace(
  fetchRows: FetchRows,
  anchor: OrderedItem,
  sort: readonly ItemSortBy[],
  hint = 0,
): Promise<Place> {
  const probes = new Map<number, Promise<boolean>>();
  const isBefore = (offset: number): Promise<boolean> => {
    let probe = probes.get(offset);
    if (!probe) {
      probe = fetchRows(offset, 1).then(([row]) => !!row && compareInList(row, anchor, sort) < 0);
      probes.set(offset, probe);
    }
    return probe;
  };
  // The answer lies in [lo, hi]: every offset below lo is before the anchor; hi is not (or is past the end).
  const range = await gallop(isBefore, Math.max(0, Math.floor(hint)));
  let { lo, hi } = range;
  while (hi - lo > FINAL_READ_ROWS) ({ lo, hi } = await narrow(isBefore, lo, hi));
  if (lo === hi) return { before: lo, from: [], reachesEnd: false };
  const size = hi - lo + 1;
  const rows = await fetchRows(lo, size);
  const firstNotBefore = rows.findIndex((row) => compareInList(row, anchor, sort) >= 0);
  const at = firstNotBefore === -1 ? rows.length : firstNotBefore;
  return { before: lo + at, from: rows.slice(at), reachesEnd: rows.length < size };
}

type Range = { lo: number; hi: number };
type IsBefore = (offset: number) => Promise<boolean>;

/**
 * A range holding the answer, found by probing at doubling distances from `start`: up first (start,
 * start + 1, + 3, + 7, then steps 16 times longer each round), and down when `start` itself is not
 * before the anchor. The first round's reads above `start` are then wasted, three small reads
 * against a round trip saved whenever the anchor is at or after the hint.
 */
async function gallop(isBefore: IsBefore, start: number): Promise<Range> {
  let lo = start;
  let step = 1;
  for (;;) {
    const offsets = Array.from({ length: PROBES_PER_ROUND }, (_, i) => lo + step * 2 ** i - 1);
    const firstNot = (await Promise.all(offsets.map(isBefore))).indexOf(false);
    if (firstNot === 0 && lo === start) break;
    if (firstNot !== -1) return { lo: firstNot === 0 ? lo : offsets[firstNot - 1]! + 1, hi: offsets[firstNot]! };
    lo = offsets.at(-1)! + 1;
    step *= 2 ** PROBES_PER_ROUND;
  }
  let hi = start;
  step = 1;
  while (hi > 0) {
    const offsets = [...new Set(Array.from({ length: PROBES_PER_ROUND }, (_, i) => Math.max(0, hi - step * 2 ** i)))];
    const firstBefore = (await Promise.all(offsets.map(isBefore))).indexOf(true);
    if (firstBefore !== -1)
      return { lo: offsets[firstBefore]! + 1, hi: firstBefore === 0 ? hi : offsets[firstBefore - 1]! };
    hi = offsets.at(-1)!;
    step *= 2 ** PROBES_PER_ROUND;
  }
  return { lo: 0, hi: 0 };
}

/** The range cut into PROBES_PER_ROUND + 1 parts by one round of probes, and the part holding the answer. */
async function narrow(isBefore: IsBefore, lo: number, hi: number): Promise<Range> {
  const offsets = Array.from(
    { length: PROBES_PER_ROUND },
    (_, i) => lo + Math.floor(((i + 1) * (hi - lo)) / (PROBES_PER_ROUND + 1)),
  );
  const results = await Promise.all(offsets.map(isBefore));
  const firstNot = results.indexOf(false);
  if (firstNot === -1) return { lo: offsets.at(-1)! + 1, hi };
  return { lo: firstNot === 0 ? lo : offsets[firstNot - 1]! + 1, hi: offsets[firstNot]! };
}
