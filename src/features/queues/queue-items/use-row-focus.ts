import { useCallback, type RefObject } from "react";

const ROW_SELECTOR = "tr[data-item-row]";

/** j/k move focus between the table's rows (from the focused row, or from the top). */
export function useRowFocus(container: RefObject<HTMLElement | null>) {
  const rows = useCallback(() => Array.from(container.current?.querySelectorAll<HTMLTableRowElement>(ROW_SELECTOR) ?? []), [container]);

  const move = useCallback(
    (delta: 1 | -1) => {
      const all = rows();
      if (all.length === 0) return;
      const current = document.activeElement instanceof Element ? document.activeElement.closest(ROW_SELECTOR) : null;
      const index = current ? all.indexOf(current as HTMLTableRowElement) : -1;
      const next = index === -1 ? (delta === 1 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, index + delta));
      all[next]?.focus();
      all[next]?.scrollIntoView?.({ block: "nearest" });
    },
    [rows],
  );

  /** Focuses the row of `itemId` (coming back from its review); false when it is not on this page. */
  const focusItem = useCallback(
    (itemId: string) => {
      const row = rows().find((r) => r.dataset.itemId === itemId);
      row?.focus();
      row?.scrollIntoView?.({ block: "nearest" });
      return !!row;
    },
    [rows],
  );

  /** The index (on this page) of the row that has focus, or of the row holding the focused control. */
  const focusedIndex = useCallback((): number | null => {
    const current = document.activeElement instanceof Element ? document.activeElement.closest<HTMLElement>(ROW_SELECTOR) : null;
    return current && container.current?.contains(current) ? Number(current.dataset.itemRow) : null;
  }, [container]);

  return { move, focusItem, focusedIndex };
}
