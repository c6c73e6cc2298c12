import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
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

/**
 * Rows a whole page renders in its first render; the rest follow once the first frame is painted. A screen shows
 * 15-30 rows of a table: on a cold load, rendering and laying out all 50 before the first paint made the first row
 * wait for rows below the fold.
 */
export const FIRST_PAINT_ROWS = 30;

function AllRowsBody({ count, className, renderRow, scrollToRowRef, rowHeight, columnCount }: Props) {
  useEffect(() => {
    if (scrollToRowRef) scrollToRowRef.current = null;
  }, [scrollToRowRef]);
  const rendered = useRowsAfterFirstPaint(count);
  const later = count - rendered;
  return (
    <tbody className={className}>
      {Array.from({ length: rendered }, (_, index) => renderRow(index))}
      {/* Holds the rows' place meanwhile, so nothing below them moves when they come. */}
      {later > 0 ? <SpacerRow height={later * rowHeight} colSpan={columnCount} /> : null}
    </tbody>
  );
}

/** How many of `count` rows to render: FIRST_PAINT_ROWS when the body first shows, all after its first frame. */
function useRowsAfterFirstPaint(count: number): number {
  const all = useAfterFirstPaint(true, count <= FIRST_PAINT_ROWS);
  return all ? count : Math.min(count, FIRST_PAINT_ROWS);
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
