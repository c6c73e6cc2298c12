import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { defaultRangeExtractor, rowsWithSpacers, useFrameRows, type Range } from "./frame-rows";
import { SpacerRow } from "./table";
import { useAfterFirstPaint } from "@/lib/use-after-first-paint";

/**
 * Pages up to this many rows (25, 50) are rendered whole: find-in-page and select-all see every
 * row. Longer pages (100, 250) render only the rows near the viewport: rendering and painting all
 * of them goes over the 100 ms budget for a page change, with dropped frames (the interactions
 * bench in `npm run bench` measures both).
 */
export const FULL_RENDER_MAX_ROWS = 50;

/** Scrolls the table's frame so that the row at this page index is rendered and in view. */
export type ScrollToRow = (index: number) => void;

type Props = {
  count: number;
  /** A row's height before it is measured. */
  rowHeight: number;
  columnCount: number;
  /** The table's frame, which scrolls (the page does not scroll the rows: see TableFrame `scroll="both"`). */
  frame: RefObject<HTMLElement | null>;
  className?: string;
  /** The row at this page index; a windowed body passes `measureRef` when `measure` is set. */
  renderRow: (index: number, measureRef?: (element: HTMLTableRowElement | null) => void) => ReactNode;
  /** Measure each rendered row (a zoomed text size makes rows taller); rows then carry `data-index`. */
  measure?: boolean;
  /** Keep the row holding focus (a `tr[data-index]`) rendered when it scrolls away, so focus is never lost to the page. */
  keepFocusedRow?: boolean;
  /** Set by the body: how the row focus (j/k, back from a review) reaches a row that is not rendered. */
  scrollToRowRef?: RefObject<ScrollToRow | null>;
};

/** A table's body: every row of a short page, only the rows near what the frame shows of a long one. */
export function DataTableBody(props: Props) {
  return props.count > FULL_RENDER_MAX_ROWS ? <WindowedBody {...props} /> : <AllRowsBody {...props} />;
}

function AllRowsBody({ count, className, renderRow, scrollToRowRef, rowHeight, columnCount }: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  const { rendered, renderAll } = useRowsAfterFirstPaint(count, body, rowHeight);
  // A row the focus goes to before the rest are rendered (k from the top, back from a review): render them all now.
  useEffect(() => {
    if (!scrollToRowRef) return;
    scrollToRowRef.current = renderAll;
    return () => {
      scrollToRowRef.current = null;
    };
  }, [scrollToRowRef, renderAll]);
  const later = count - rendered;
  return (
    <tbody ref={body} className={className}>
      {Array.from({ length: rendered }, (_, index) => renderRow(index))}
      {/* Holds the rows' place meanwhile, so nothing below them moves when they come. */}
      {later > 0 ? <SpacerRow height={later * rowHeight} colSpan={columnCount} /> : null}
    </tbody>
  );
}

/**
 * How many of `count` rows to render. When the body first shows, only the rows that can be on screen: none in the
 * first render, then, measured from where the body starts (in a layout effect, so before the browser paints), those
 * down to the window's bottom edge. All of them once that frame is painted. A table usually starts half a screen
 * down (at 1280×800 the Calls page shows 9 of its 50 rows): rendering, styling and laying out the rows below the
 * edge before the first paint would make the first row wait for rows nobody can see yet.
 */
function useRowsAfterFirstPaint(count: number, body: RefObject<HTMLElement | null>, rowHeight: number) {
  // A page short enough to fit the window whole is rendered whole at once: there is nothing to leave for later.
  const painted = useAfterFirstPaint(true, count <= Math.ceil(window.innerHeight / rowHeight) + 1);
  const [asked, setAsked] = useState(false);
  const all = painted || asked;
  const [onScreen, setOnScreen] = useState(0);
  useLayoutEffect(() => {
    if (all) return;
    // A body that starts above the window's top (a scrolled page) needs the rows down to the bottom edge too.
    const top = body.current?.getBoundingClientRect().top ?? 0;
    // Measured layout, rendered before the paint: what useLayoutEffect is for (React's own tooltip example).
    // oxlint-disable-next-line react/set-state-in-effect
    setOnScreen(Math.max(1, Math.ceil((window.innerHeight - top) / rowHeight) + 1));
  }, [all, body, rowHeight]);
  const renderAll = useCallback(() => setAsked(true), []);
  return { rendered: all ? count : Math.min(count, onScreen), renderAll };
}

/**
 * Only the rows in and near what the table's frame shows (the frame scrolls, not the page), with
 * spacer rows for the rest. aria-rowindex on each row and aria-rowcount on the table tell
 * assistive technology where a row sits.
 */
function WindowedBody({
  count,
  rowHeight,
  columnCount,
  frame,
  className,
  renderRow,
  measure = false,
  keepFocusedRow = false,
  scrollToRowRef,
}: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  const focused = useFocusedRow(body, keepFocusedRow);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [focused],
  );
  const { virtualizer, top } = useFrameRows({ frame, body, count, rowHeight, rangeExtractor });
  useEffect(() => {
    if (!scrollToRowRef) return;
    scrollToRowRef.current = (index) => virtualizer.scrollToIndex(index, { align: "auto" });
    return () => {
      scrollToRowRef.current = null;
    };
  }, [scrollToRowRef, virtualizer]);

  return (
    <tbody ref={body} className={className}>
      {rowsWithSpacers(virtualizer, top, columnCount, (index) =>
        index < count ? renderRow(index, measure ? virtualizer.measureElement : undefined) : null,
      )}
    </tbody>
  );
}

/**
 * Page index of the row that holds focus (the row itself or a control in it), or null once focus
 * moves elsewhere in the page. Leaving the window keeps it: the row is still focused on return.
 */
function useFocusedRow(ref: RefObject<HTMLElement | null>, enabled: boolean): number | null {
  const [focused, setFocused] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const onFocusIn = (event: FocusEvent) => {
      const element = ref.current;
      const row =
        element && event.target instanceof Element && element.contains(event.target)
          ? event.target.closest<HTMLElement>("tr[data-index]")
          : null;
      setFocused(row ? Number(row.dataset.index) : null);
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [ref, enabled]);
  return focused;
}
