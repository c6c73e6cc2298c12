import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useState, type ReactNode, type RefObject } from "react";
import { SpacerRow } from "./table";

export { defaultRangeExtractor, type Range };

/**
 * Where a table's body starts in its frame's scrolled content (below the header row), kept current
 * as the header's height changes (a zoomed text size, a wrapped title).
 */
function useBodyTop(body: RefObject<HTMLTableSectionElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    // The table sits at the top of its frame, so the body's offset in the table is its offset in the frame.
    const measure = () => setTop(element.offsetTop);
    measure();
    const table = element.closest("table");
    const observer = typeof ResizeObserver === "undefined" || !table ? null : new ResizeObserver(measure);
    if (table) observer?.observe(table);
    return () => observer?.disconnect();
  }, [body]);
  return top;
}

/**
 * The rows of a long page near what its frame shows (a frame of `scroll="both"`, the scroll box
 * of the table), for a body that renders only those. `top` is where the body starts in the frame.
 */
export function useFrameRows({
  frame,
  body,
  count,
  rowHeight,
  rangeExtractor = defaultRangeExtractor,
}: {
  frame: RefObject<HTMLElement | null>;
  body: RefObject<HTMLTableSectionElement | null>;
  count: number;
  rowHeight: number;
  rangeExtractor?: (range: Range) => number[];
}): { virtualizer: Virtualizer<HTMLElement, HTMLTableRowElement>; top: number } {
  const top = useBodyTop(body);
  // TanStack Virtual keeps its state in a mutable instance; this app does not use the React Compiler.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count,
    getScrollElement: () => frame.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin: top,
    // A row scrolled to (j/k to a row not rendered yet) stops below the sticky header row, not under it (rows the
    // browser scrolls into view stop there too: the rows' scroll margin, TableHead's height).
    scrollPaddingStart: top,
    rangeExtractor,
  });
  return { virtualizer, top };
}

/** The rendered rows in order, with spacer rows standing for the rest, so the scrollbar and positions stay true. */
export function rowsWithSpacers(
  virtualizer: Virtualizer<HTMLElement, HTMLTableRowElement>,
  top: number,
  colSpan: number,
  row: (index: number) => ReactNode,
): ReactNode[] {
  const children: ReactNode[] = [];
  let cursor = 0; // in the body's own coordinates (virtual items count from the scroll margin)
  for (const item of virtualizer.getVirtualItems()) {
    const start = item.start - top;
    if (start > cursor)
      children.push(<SpacerRow key={`gap-${children.length}`} height={start - cursor} colSpan={colSpan} />);
    children.push(row(item.index));
    cursor = start + item.size;
  }
  const rest = virtualizer.getTotalSize() - cursor;
  if (rest > 0) children.push(<SpacerRow key="end" height={rest} colSpan={colSpan} />);
  return children;
}
