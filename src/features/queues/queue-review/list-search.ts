import type { AnnotationQueueItem } from "../../../../contract/trace";

/** `limit` items of a list (filter + sort fixed by the caller) from `offset`. */
export type FetchWindow = (offset: number, limit: number) => Promise<readonly AnnotationQueueItem[]>;

export class PositionsUnavailableError extends Error {
  constructor() {
    super("The service did not send positions (position_in_queue), so this item cannot be placed in the list.");
    this.name = "PositionsUnavailableError";
  }
}

/**
 * How many items of a list come at or before queue position `target`.
 *
 * Every item carries `position_in_queue`: its rank in the whole queue under the list's sort. A
 * filtered list is a subsequence of the queue in that order, so positions strictly increase along
 * it, and the item at offset o has a position of at least o + 1. That makes the answer searchable
 * with one-row probes: gallop from `hint` (where the item probably is), then bisect. About
 * 2·log2(distance from the hint) probes; 1 when the hint is right and the list unfiltered.
 */
export async function countUpTo(fetchWindow: FetchWindow, target: number, hint = 0): Promise<number> {
  const cache = new Map<number, boolean>();
  const atOrBefore = async (offset: number): Promise<boolean> => {
    const known = cache.get(offset);
    if (known !== undefined) return known;
    const [item] = await fetchWindow(offset, 1);
    if (item && (item.position_in_queue === null || item.position_in_queue === undefined)) throw new PositionsUnavailableError();
    const result = !!item && (item.position_in_queue as number) <= target;
    cache.set(offset, result);
    return result;
  };

  // The answer lies in [lo, hi]: offsets below lo are at or before the target, offsets from hi on are not.
  let lo = 0;
  let hi = Math.max(0, Math.floor(target));
  if (hi > 0) {
    const start = Math.min(Math.max(0, Math.floor(hint)), hi - 1);
    if (await atOrBefore(start)) {
      lo = start + 1;
      for (let step = 1; lo < hi; step *= 2) {
        const probe = Math.min(hi - 1, lo + step - 1);
        if (!(await atOrBefore(probe))) {
          hi = probe;
          break;
        }
        lo = probe + 1;
      }
    } else {
      hi = start;
      for (let step = 1; lo < hi; step *= 2) {
        const probe = Math.max(lo, hi - step);
        if (await atOrBefore(probe)) {
          lo = probe + 1;
          break;
        }
        hi = probe;
      }
    }
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (await atOrBefore(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type Neighbour = { item: AnnotationQueueItem; index: number };

export type Neighbours = {
  /** The item's index in the list, or null when it is not in the list (any more). */
  index: number | null;
  prev: Neighbour | null;
  next: Neighbour | null;
};

/**
 * The items before and after `item` in a list. Fast path: the list around `hint` (its index when
 * the table opened it) still holds the item. Otherwise its place is found from its queue position:
 * an item that no longer matches the list's filter (just completed, say) still has a place between
 * two items, so Previous/Next keep working from where it was.
 */
export async function findNeighbours(
  fetchWindow: FetchWindow,
  item: Pick<AnnotationQueueItem, "id" | "position_in_queue">,
  options: { hint: number | null; inList: boolean },
): Promise<Neighbours> {
  const { hint, inList } = options;
  if (hint !== null && hint >= 0) {
    const start = Math.max(0, hint - 1);
    const window = await fetchWindow(start, hint - start + 2);
    const j = window.findIndex((w) => w.id === item.id);
    if (j !== -1) return around(window, start, j);
  }
  const position = item.position_in_queue;
  if (position === null || position === undefined) throw new PositionsUnavailableError();
  const count = await countUpTo(fetchWindow, position, hint ?? position - 1);
  // Items at offsets < count come at or before the item; when it is in the list it is the last of them.
  const start = Math.max(0, count - 2);
  const window = await fetchWindow(start, count - start + 1);
  const j = inList ? window.findIndex((w) => w.id === item.id) : -1;
  if (j !== -1) return around(window, start, j);
  const prevAt = count - 1 - start;
  const prev = prevAt >= 0 && window[prevAt] ? { item: window[prevAt], index: count - 1 } : null;
  const nextItem = window[count - start];
  return { index: null, prev, next: nextItem ? { item: nextItem, index: count } : null };
}

function around(window: readonly AnnotationQueueItem[], start: number, j: number): Neighbours {
  const prev = j > 0 ? { item: window[j - 1]!, index: start + j - 1 } : null;
  const next = window[j + 1] ? { item: window[j + 1]!, index: start + j + 1 } : null;
  return { index: start + j, prev, next };
}

/**
 * The first item of a list after queue position `after` (e.g. the next unstarted item after this
 * one), wrapping to the list's start when none comes later. `skipId` is never returned.
 */
export async function findNextAfter(
  fetchWindow: FetchWindow,
  after: number,
  skipId: string,
): Promise<{ item: AnnotationQueueItem; wrapped: boolean } | null> {
  const count = await countUpTo(fetchWindow, after, 0);
  const [later] = await fetchWindow(count, 1);
  if (later && later.id !== skipId) return { item: later, wrapped: false };
  const first = await fetchWindow(0, 2);
  const wrappedTo = first.find((w) => w.id !== skipId);
  return wrappedTo ? { item: wrappedTo, wrapped: true } : null;
}
