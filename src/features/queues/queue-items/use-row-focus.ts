import { useCallback, useRef, type RefObject } from "react";
import type { ScrollToRow } from "@/components/table";

const ROW_SELECTOR = "tr[data-item-row]";

/** Frames to wait for a row the table was asked to scroll to (a windowed page renders it on scroll). */
const MAX_FRAMES_FOR_ROW = 10;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * A row focused where it already showed is not scrolled to, so its table's header row can stay above
 * the window (the page scrolled to its end, to the pagination, puts the frame's top there): the page
 * scrolls up to it when the frame fits in the window, which keeps the row in view. A frame taller than
 * the window would push the row out of it.
 */
function bringHeaderIntoView(row: HTMLElement): void {
  const frame = row.closest<HTMLElement>("[data-table-frame]");
  const head = frame?.querySelector("thead");
  if (!frame || !head) return;
  const above = head.getBoundingClientRect().top;
  if (above < 0 && frame.getBoundingClientRect().height <= window.innerHeight)
    window.scrollBy({ top: above, behavior: "instant" });
}

/**
 * j/k move focus between the table's rows (from the focused row, or from the top); past the last
 * row of a page (or before the first) `onPastEdge` is asked to turn the page. A long page renders
 * only the rows near the viewport, so moving to a row that is not rendered first asks the table to
 * scroll to it (`scrollToRowRef`), then focuses it once it exists.
 */
export function useRowFocus(
  container: RefObject<HTMLElement | null>,
  rowCount: () => number,
  onPastEdge?: (direction: 1 | -1) => void,
) {
  const scrollToRowRef = useRef<ScrollToRow | null>(null);
  // The row a move is on its way to (it may wait frames for the row to be rendered). A key pressed
  // meanwhile moves on from there, not from the row that still has the focus, so no press is lost.
  const target = useRef<number | null>(null);

  const rowAt = useCallback(
    (index: number) =>
      container.current?.querySelector<HTMLTableRowElement>(`${ROW_SELECTOR}[data-item-row="${index}"]`) ?? null,
    [container],
  );

  /** The index (on this page) of the row that has focus, or of the row holding the focused control. */
  const focusedIndex = useCallback((): number | null => {
    const current =
      document.activeElement instanceof Element ? document.activeElement.closest<HTMLElement>(ROW_SELECTOR) : null;
    return current && container.current?.contains(current) ? Number(current.dataset.itemRow) : null;
  }, [container]);

  const focusRow = useCallback(
    async (index: number): Promise<boolean> => {
      target.current = index;
      let row = rowAt(index);
      // Asked again each frame: something else may scroll the page meanwhile (a route change
      // scrolls to the top after this runs).
      for (let frame = 0; frame < MAX_FRAMES_FOR_ROW && !row && scrollToRowRef.current; frame++) {
        scrollToRowRef.current(index);
        await nextFrame();
        // A later move has taken over.
        if (target.current !== index) return false;
        row = rowAt(index);
      }
      if (target.current === index) target.current = null;
      if (!row) return false;
      row.focus({ preventScroll: true });
      row.scrollIntoView?.({ block: "nearest" });
      bringHeaderIntoView(row);
      return true;
    },
    [rowAt],
  );

  const move = useCallback(
    (delta: 1 | -1) => {
      const count = rowCount();
      if (count === 0) return;
      const index = target.current ?? focusedIndex();
      if (index !== null && (index + delta < 0 || index + delta >= count) && onPastEdge) return onPastEdge(delta);
      const next = index === null ? (delta === 1 ? 0 : count - 1) : Math.min(count - 1, Math.max(0, index + delta));
      void focusRow(next);
    },
    [rowCount, focusedIndex, focusRow, onPastEdge],
  );

  /** Focuses the row at `index` on this page (coming back from its review); false when there is none. */
  const focusIndex = useCallback(
    (index: number) => (index >= 0 && index < rowCount() ? focusRow(index) : Promise.resolve(false)),
    [rowCount, focusRow],
  );

  return { move, focusIndex, focusedIndex, scrollToRowRef };
}
