import { useCallback, useLayoutEffect, useRef, type RefCallback, type UIEvent } from "react";

/**
 * The questions' column scrolls by itself on a wide screen, and it stays in the page from one item to
 * the next. Scrolled down to the notes on one item, the next item would open on its last questions;
 * an annotator expects its first. So a new item brings the column back to the top.
 *
 * Whether the column is scrolled is noted as it scrolls (reading `scrollTop` there costs nothing, the
 * layout is fresh) rather than read when the item changes, which would force a layout in the middle
 * of drawing the next item. Give the column the returned `columnRef` and `onColumnScroll`; `forwardRef` is told
 * the column too.
 */
export function useColumnStartsAtTop(itemId: string, forwardRef?: RefCallback<HTMLDivElement>) {
  const column = useRef<HTMLDivElement | null>(null);
  const scrolled = useRef(false);
  const shownItem = useRef(itemId);
  useLayoutEffect(() => {
    if (shownItem.current === itemId) return;
    shownItem.current = itemId;
    if (!scrolled.current || !column.current) return;
    column.current.scrollTop = 0;
    scrolled.current = false;
  });
  const columnRef = useCallback(
    (element: HTMLDivElement | null) => {
      column.current = element;
      forwardRef?.(element);
    },
    [forwardRef],
  );
  const onColumnScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    scrolled.current = event.currentTarget.scrollTop > 0;
  }, []);
  return { columnRef, onColumnScroll };
}
