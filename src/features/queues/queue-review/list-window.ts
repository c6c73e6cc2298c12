import type { AnnotationQueueItem, ItemSortBy } from "@contract/trace";
import type { ListWindow } from "../shared/cached-lists";
import { compareInList, type OrderedItem } from "./list-order";
import { countBefore, findPlace, type FetchRows } from "./list-search";

/**
 * Where an item stands in a list (the table's filter and sort), found by comparing it with the
 * list's rows in the list's own order. Nothing here trusts a remembered index or a position: an
 * item that has just left the list (completed under an "unstarted" filter) still has a place
 * between two rows, and the rows around it are read from the list as it is now.
 */

export type { FetchRows } from "./list-search";

export type Neighbour = { item: AnnotationQueueItem; index: number };

export type Neighbours = {
  /** The anchor's index in the list, or null when it is not in it (any more). */
  index: number | null;
  /** Rows before the anchor: the index it would have if it were in the list. */
  before: number;
  prev: Neighbour | null;
  next: Neighbour | null;
  /** The listed rows after the anchor that the window holds, in order (`next` first); the review reads ahead from them. */
  following: readonly Neighbour[];
};

/** Rows read after the anchor besides its next one: the review shows the next item from them at once. */
export const LOOKAHEAD = 4;

/** A list that keeps moving under the search (others annotating) is searched again, this often at most. */
const MAX_ATTEMPTS = 4;

/**
 * The anchor's neighbours in `window`, or undefined when the window cannot tell: it must hold a row
 * before the anchor (or start the list) and a row after it (or reach the list's end). Rows that no
 * longer belong to the list (`listed` says no: an optimistic change took them out) are skipped.
 */
export function neighboursIn(
  window: ListWindow,
  anchor: OrderedItem,
  sort: readonly ItemSortBy[],
  listed: (item: AnnotationQueueItem) => boolean = () => true,
): Neighbours | undefined {
  let prev: Neighbour | null = null;
  const following: Neighbour[] = [];
  let index: number | null = null;
  let before = window.offset;
  let skipped = 0;
  for (const [i, item] of window.items.entries()) {
    const order = compareInList(item, anchor, sort);
    if (order === 0) {
      if (listed(item)) index = window.offset + i - skipped;
      else skipped += 1;
      continue;
    }
    if (!listed(item)) {
      skipped += 1;
      continue;
    }
    const at = window.offset + i - skipped;
    if (order < 0) {
      prev = { item, index: at };
      before = at + 1;
    } else {
      following.push({ item, index: at });
    }
  }
  const next = following[0] ?? null;
  const startKnown = prev !== null || window.offset === 0;
  const endKnown = next !== null || window.reachesEnd;
  if (!startKnown || !endKnown) return undefined;
  return { index, before, prev, next, following };
}

/**
 * Rows read before the anchor. Two, not one: the window of the next item is read ahead while the
 * current item is still in the list, and with "Complete & next" the current item then leaves it.
 * The row before that one is what tells the next item's place (neighboursIn needs a listed row
 * before the anchor, or the list's start); with one row the window could not tell, and the move
 * after waited for the list to be read again.
 */
export const ROWS_BEFORE = 2;

/**
 * The rows around `anchor` in the list: ROWS_BEFORE before it, the anchor itself when it is in the
 * list, and LOOKAHEAD + 1 after it. Tries the rows around `hint` first (one read when the table's
 * index is still right), else searches. If the list moved between the search and the read (rows
 * came or went), it searches again from where the read landed.
 */
export async function readAround(
  fetchRows: FetchRows,
  anchor: OrderedItem,
  sort: readonly ItemSortBy[],
  options: { hint: number | null; listed?: (item: AnnotationQueueItem) => boolean },
): Promise<{ window: ListWindow; neighbours: Neighbours }> {
  const size = ROWS_BEFORE + 1 + LOOKAHEAD + 1;
  const read = async (before: number): Promise<ListWindow> => {
    const offset = Math.max(0, before - ROWS_BEFORE);
    const items = await fetchRows(offset, size);
    return { offset, items, reachesEnd: items.length < size };
  };
  let guess = options.hint;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const window = await read(guess ?? (await countBefore(fetchRows, anchor, sort, 0)));
    const neighbours = neighboursIn(window, anchor, sort, options.listed);
    if (neighbours) return { window, neighbours };
    // The anchor is not inside this read: search, starting from where the read landed.
    guess = await countBefore(fetchRows, anchor, sort, window.offset);
  }
  throw new ListMovingError();
}

export class ListMovingError extends Error {
  constructor() {
    super("The list kept changing while this item's place in it was looked up; it is looked up again shortly.");
    this.name = "ListMovingError";
  }
}

/** Where a read with no anchor starts: every row of the list comes after it. */
export const LIST_START = "list start";

/** What firstWantedAfter says when its read reached the list's end and no wanted row came after the anchor. */
export const NONE_AFTER = "none after";

/**
 * The first row after `anchor` that `wanted` accepts, from one read of `limit` rows starting at
 * `from` (the anchor's index in the list, or the index of the row before it when it has left the
 * list; 0 for LIST_START), with the read (a window that places the row found). NONE_AFTER when the
 * read reached the list's end without one: none comes later. Undefined when the read cannot tell:
 * it starts after the anchor (rows before it went meanwhile, so one may have been skipped), or no
 * such row comes before its last row (the last is not placed: nothing after it was read).
 */
export async function firstWantedAfter(
  fetchRows: FetchRows,
  anchor: OrderedItem | typeof LIST_START,
  sort: readonly ItemSortBy[],
  from: number,
  limit: number,
  wanted: (item: AnnotationQueueItem) => boolean,
): Promise<(Neighbour & { window: ListWindow }) | typeof NONE_AFTER | undefined> {
  const offset = anchor === LIST_START ? 0 : Math.max(0, from);
  const after = (row: AnnotationQueueItem) => anchor === LIST_START || compareInList(row, anchor, sort) > 0;
  const items = await fetchRows(offset, limit);
  if (offset > 0 && (!items[0] || after(items[0]))) return undefined;
  const window: ListWindow = { offset, items, reachesEnd: items.length < limit };
  // The read must also place the row found (a row after it, or the list's end), to serve as its window.
  const placed = (i: number) => i < items.length - 1 || window.reachesEnd;
  for (const [i, row] of items.entries())
    if (after(row) && wanted(row) && placed(i)) return { item: row, index: offset + i, window };
  return window.reachesEnd ? NONE_AFTER : undefined;
}

/**
 * The first row of the list after `anchor` (e.g. the next unstarted item after this one), wrapping
 * to the list's first row when none comes later, with its index in that list. The anchor itself is
 * never the answer. `hint`: where the anchor probably stands in that list (the search starts there).
 */
export async function firstAfter(
  fetchRows: FetchRows,
  anchor: OrderedItem,
  sort: readonly ItemSortBy[],
  hint = 0,
): Promise<{ item: AnnotationQueueItem; wrapped: boolean; index: number } | null> {
  const place = await findPlace(fetchRows, anchor, sort, hint);
  // The search's last read usually holds the two rows wanted: no second read of them.
  const [at, following] = place.from.length >= 2 || place.reachesEnd ? place.from : await fetchRows(place.before, 2);
  // `at` is the row at index place.before: the anchor itself, or the first row after where it would be.
  const anchorAt = at?.id === anchor.id;
  const later = anchorAt ? following : at;
  if (later) return { item: later, wrapped: false, index: place.before + (anchorAt ? 1 : 0) };
  return firstOtherThan(fetchRows, anchor);
}

/** The list's first row other than `anchor` (a wrap to the list's start), with its index in the list. */
export async function firstOtherThan(
  fetchRows: FetchRows,
  anchor: OrderedItem,
): Promise<{ item: AnnotationQueueItem; wrapped: true; index: number } | null> {
  const first = await fetchRows(0, 2);
  const at = first.findIndex((row) => row.id !== anchor.id);
  return at === -1 ? null : { item: first[at]!, wrapped: true, index: at };
}
