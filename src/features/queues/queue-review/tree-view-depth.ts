import { useCallback, useState, type RefCallback } from "react";

/**
 * Levels one view of the tree nests at most. Deeper nodes open as a view of their own ("Open … on its own"): the
 * page never holds thousands of nested lists, and rendering never recurses thousands of levels.
 */
export const MAX_VIEW_DEPTH = 24;
/** Levels a view nests however narrow its frame: a phone still walks a deep value a few levels at a time. */
export const MIN_VIEW_DEPTH = 4;
/** What one level indents its rows by: `ml-1.5`, the 1-px guide and `pl-3` of the tree's nested lists. */
export const LEVEL_INDENT_PX = 6 + 1 + 12;
/** The room a row keeps at the deepest level a view shows: its key, and the way to open the level on its own. */
export const ROW_ROOM_PX = 180;

/**
 * The levels a view of the tree may nest in a frame `width` pixels wide: as many as leave each row its room, so a
 * deep value on a phone opens as views of its own before its keys and values are squeezed a letter a line.
 */
export function viewDepthFor(width: number): number {
  const fitting = Math.floor((width - ROW_ROOM_PX) / LEVEL_INDENT_PX);
  return Math.max(MIN_VIEW_DEPTH, Math.min(MAX_VIEW_DEPTH, fitting));
}

/**
 * Width changes this small are a scrollbar coming or going in the tree's frame, not a new width. Followed, they would
 * make a level opened at the limit close (its content gone, the scrollbar goes, the width grows) and open again.
 */
const SCROLLBAR_PX = 20;
/** The depth the last tree measured: a new tree starts from it, so it seldom renders twice on its first paint. */
let lastMeasured = MAX_VIEW_DEPTH;

/**
 * The view depth for the element the returned ref is put on, followed as its width changes (a ResizeObserver: read
 * after the browser's own layout, never forcing one). Until the first measure the last tree's depth, and where there
 * is no ResizeObserver MAX_VIEW_DEPTH: a tree opens only its first levels at first, so the measure comes before any
 * deep level is shown.
 */
export function useViewDepth(): [number, RefCallback<HTMLElement>] {
  const [depth, setDepth] = useState(lastMeasured);
  const measured = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === "undefined") return;
    let measuredAt: number | null = null;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = entry.contentRect.width;
      if (measuredAt !== null && Math.abs(width - measuredAt) <= SCROLLBAR_PX) return;
      measuredAt = width;
      lastMeasured = viewDepthFor(width);
      setDepth(lastMeasured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [depth, measured];
}
