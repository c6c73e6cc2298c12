import { defaultRangeExtractor, useWindowVirtualizer, type Range } from "@tanstack/react-virtual";
import type { Row } from "@tanstack/react-table";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { cn } from "@/lib/cn";
import { ItemTableRow, ROW_HEIGHT_PX } from "./item-table-row";
import type { ItemRow } from "./items-columns";
import type { ItemsTableFeatures } from "./items-table-features";
import { SpacerRow } from "@/components/table";

/**
 * Pages up to this many rows (25, 50) are rendered whole: find-in-page and select-all see every
 * row. Longer pages (100, 250) render only the rows near the viewport: rendering and painting all
 * of them went over the 100 ms budget for a page change, with dropped frames (the interactions
 * bench in `npm run bench` measures both).
 */
export const FULL_RENDER_MAX_ROWS = 50;

/** Scrolls the page so that the row at this page index is rendered and in view. */
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
 * Only the rows in and near the viewport (the page scrolls, not the table), with spacer rows for
 * the rest. aria-rowindex on each row and aria-rowcount on the table tell assistive technology
 * where a row sits. The row holding focus stays rendered when it scrolls away, so focus is never
 * lost to the page.
 */
export function WindowedRowsBody(props: ItemTableBodyProps) {
  const { rows, columnCount, scrollToRowRef } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  const top = useDocumentTop(body);
  const focused = useFocusedRow(body);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [focused],
  );
  // TanStack Virtual keeps its state in a mutable instance; this app does not use the React Compiler.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 10,
    scrollMargin: top,
    rangeExtractor,
  });
  useEffect(() => {
    scrollToRowRef.current = (index) => virtualizer.scrollToIndex(index, { align: "auto" });
    return () => {
      scrollToRowRef.current = null;
    };
  }, [scrollToRowRef, virtualizer]);

  const children: ReactNode[] = [];
  let cursor = 0; // in the list's own coordinates (virtual items count from the scroll margin)
  for (const item of virtualizer.getVirtualItems()) {
    const start = item.start - top;
    if (start > cursor) children.push(<SpacerRow key={`gap-${children.length}`} height={start - cursor} colSpan={columnCount} />);
    const row = rows[item.index];
    if (row) children.push(rowElement(row, item.index, props, virtualizer.measureElement));
    cursor = start + item.size;
  }
  const rest = virtualizer.getTotalSize() - cursor;
  if (rest > 0) children.push(<SpacerRow key="end" height={rest} colSpan={columnCount} />);

  return (
    <tbody ref={body} className={bodyClass(props.busy)}>
      {children}
    </tbody>
  );
}

/** The element's top in document coordinates, kept current as content above it changes height. */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [ref]);
  return top;
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
