import type { AnnotationQueueItem } from "@contract/trace";

/** An item the review has shown, with the index it had in the list then (a first guess of its place when it is shown again). */
export type TrailEntry = { item: AnnotationQueueItem; index: number | null };

/**
 * The items this review has shown, in the order of the list as walked, and which one is on
 * screen (`at`). Previous and Next follow it before the list: under a filter, an item completed a
 * moment ago has left the list, yet it is the one an annotator means by "previous".
 */
export type Trail = { readonly entries: readonly TrailEntry[]; readonly at: number };

/** Entries kept at most: a day's work of one annotator, and a bound on what a long session holds. */
export const TRAIL_LIMIT = 1000;

export const EMPTY_TRAIL: Trail = { entries: [], at: -1 };

export const trailOf = (entry: TrailEntry): Trail => ({ entries: [entry], at: 0 });

export const shownOn = (trail: Trail): TrailEntry | undefined => trail.entries[trail.at];

/** The entry one step back or on from the one shown; undefined at either end. */
export function alongTrail(trail: Trail, direction: "prev" | "next"): TrailEntry | undefined {
  const at = trail.at + (direction === "next" ? 1 : -1);
  return at >= 0 ? trail.entries[at] : undefined;
}

/**
 * The trail after a move: `along` one step that it already held, `ahead` to an item past the one
 * shown (what came after it on the trail is dropped: the walk goes another way now), or `behind`
 * to an item before the first one the trail holds.
 */
export function movedOn(trail: Trail, to: TrailEntry, how: "along-prev" | "along-next" | "ahead" | "behind"): Trail {
  if (how === "along-prev") return { ...trail, at: Math.max(0, trail.at - 1) };
  if (how === "along-next") return { ...trail, at: Math.min(trail.entries.length - 1, trail.at + 1) };
  if (how === "behind") return { entries: [to, ...trail.entries.slice(trail.at)].slice(0, TRAIL_LIMIT), at: 0 };
  const entries = [...trail.entries.slice(0, trail.at + 1), to];
  const dropped = Math.max(0, entries.length - TRAIL_LIMIT);
  return { entries: entries.slice(dropped), at: entries.length - 1 - dropped };
}
