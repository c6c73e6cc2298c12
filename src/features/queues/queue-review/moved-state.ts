/** How many items a quick run of moves keeps as ones the address may still name (a held key moves 30 a second). */
const MAX_FROM = 16;

/**
 * A move the address has not caught up with. `to` is the item on screen, `index` its place, `work` whether in work
 * mode, `wrapped` whether the move went round to the start of the list (the address's state says so once written).
 * `from` holds the items the address may still name while this move is the latest: the one it named when a run of
 * quick moves began, and each item moved to since, whose address may be written but not yet rendered by the router.
 * Were the router to show one of those first, the screen would flick back to an item already left.
 */
export type Moved = { from: readonly string[]; to: string; index: number | null; work: boolean; wrapped: boolean };

/** The next move of a run (`last`: the move the address has not caught up with, if any). */
export function movedFrom(last: Moved | null, addressItem: string, next: Omit<Moved, "from">): Moved {
  const candidates = last ? [...last.from, last.to, addressItem] : [addressItem];
  // The most recent first, each once, the item moved to left out.
  const recent: string[] = [];
  for (const id of candidates.toReversed())
    if (id !== next.to && !recent.includes(id) && recent.length < MAX_FROM) recent.push(id);
  return { ...next, from: recent.toReversed() };
}
