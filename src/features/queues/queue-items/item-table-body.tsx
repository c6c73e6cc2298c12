import type { Row } from "@tanstack/react-table";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { cn } from "@/lib/cn";
import { ItemTableRow, ROW_HEIGHT_PX } from "./item-table-row";
import type { ItemRow } from "./items-columns";
import type { ItemsTableFeatures } from "./items-table-features";
import { defaultRangeExtractor, rowsWithSpacers, useFrameRows, type Range } from "@/components/table";

/**
 * Pages up to this many rows (25, 50) are rendered whole: find-in-page and select-all see every
 * row. Longer pages (100, 250) render only the rows near the viewport: rendering and painting all
 * of them goes over the 100 ms budget for a page change, with dropped frames (the interactions
 * bench in `npm run bench` measures both).
 */
export const FULL_RENDER_MAX_ROWS = 50;

/** Scrolls the table's frame so that the row at this page index is rendered and in view. */
export type ScrollToRow = (index: number) => void;

export type ItemTableBodyProps = {
  rows: readonly Row<ItemsTableFeatures, ItemRow>[];
  offset: number;
  visibleKey: string;
  columnCount: number;
  busy: boolean;
  onOpen: (rowIndex: number) => void;
  /** Set by the body: how the row focus (j/k, back from a review) reaches a row that is not rendered. */
  scrollToRowRef: RefObject<ScrollToRow | null>;
  /** The table's frame, which scrolls (the page does not scroll the rows: see TableFrame `scroll="both"`). */
  frame: RefObject<HTMLElement | null>;
};

const bodyClass = (busy: boolean) => cn("divide-y divide-line transition-opacity", busy && "opacity-70");

function rowElement(row: Row<ItemsTableFeatures, ItemRow>, index: number, props: ItemTableBodyProps, measureRef?: (element: HTMLTableRowElement | null) => void) {
  return (
    <ItemTableRow
      // Keyed by place, not by item: a new page then updates the same <tr>s in place instead of
      // removing and creating them, which is most of the cost of a page change.
      key={index}
      row={row}
      item={row.original}
      index={index}
      rowIndex={props.offset + index + 2}
      visibleKey={props.visibleKey}
      onOpen={props.onOpen}
      measureRef={measureRef}
    />
  );
}

export function AllRowsBody(props: ItemTableBodyProps) {
  const { scrollToRowRef } = props;
  useEffect(() => {
    scrollToRowRef.current = null;
  }, [scrollToRowRef]);
  return <tbody className={bodyClass(props.busy)}>{props.rows.map((row, index) => rowElement(row, index, props))}</tbody>;
}

/**
 * Only the rows in and near what the table's frame shows (the frame scrolls, not the page), with
 * spacer rows for the rest. aria-rowindex on each row and aria-rowcount on the table tell
 * assistive technology where a row sits. The row holding focus stays rendered when it scrolls
 * away, so focus is never lost to the page.
 */
export function WindowedRowsBody(props: ItemTableBodyProps) {
  const { rows, columnCount, scrollToRowRef, frame } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  const focused = useFocusedRow(body);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [focused],
  );
  const { virtualizer, top } = useFrameRows({ frame, body, count: rows.length, rowHeight: ROW_HEIGHT_PX, rangeExtractor });
  useEffect(() => {
    scrollToRowRef.current = (index) => virtualizer.scrollToIndex(index, { align: "auto" });
    return () => {
      scrollToRowRef.current = null;
    };
  }, [scrollToRowRef, virtualizer]);

  return (
    <tbody ref={body} className={bodyClass(props.busy)}>
      {rowsWithSpacers(virtualizer, top, columnCount, (index) => {
        const row = rows[index];
        return row ? rowElement(row, index, props, virtualizer.measureElement) : null;
      })}
    </tbody>
  );
}

/**
 * Page index of the row that holds focus (the row itself or a control in it), or null once focus
 * moves elsewhere in the page. Leaving the window keeps it: the row is still focused on return.
 */
function useFocusedRow(ref: RefObject<HTMLElement | null>): number | null {
  const [focused, setFocused] = useState<number | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const element = ref.current;
      const row = element && event.target instanceof Element && element.contains(event.target) ? event.target.closest<HTMLElement>("tr[data-item-row]") : null;
      setFocused(row ? Number(row.dataset.itemRow) : null);
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [ref]);
  return focused;
}
