import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

const TYPING =
  "input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable='true']";
/** Widgets whose own End and Home move within them (ARIA's keyboard patterns): left to them. */
const OWN_END_HOME =
  "[role=listbox], [role=menu], [role=menubar], [role=tablist], [role=tree], [role=grid], [role=slider]";

/**
 * End and Home reach the table's last and first rows: a long table scrolls inside its own frame
 * (`scroll="both"`), which the page's own End and Home do not scroll, and a focused row's End
 * scrolls only the frame. So the frame goes to its end or start, and so does the page (where the
 * pagination is), at once: the browser's own End scrolls the page in an animation, and a row focused
 * by a quick `j` during it would be scrolled into view and then carried away, its header above the window.
 * This replaces the page's own End and Home wherever the hook is mounted. Quiet while typing, in a
 * widget with End and Home of its own, with a modifier held, or under a modal dialog.
 */
export function useFrameEdgeKeys(frame: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        (event.key !== "End" && event.key !== "Home") ||
        event.defaultPrevented ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        event.shiftKey
      )
        return;
      if (event.target instanceof Element && event.target.closest(`${TYPING}, ${OWN_END_HOME}`)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const element = frame.current;
      if (!element) return;
      const end = event.key === "End";
      element.scrollTop = end ? element.scrollHeight : 0;
      event.preventDefault();
      window.scrollTo({ top: end ? document.documentElement.scrollHeight : 0, behavior: "instant" });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [frame]);
}

/**
 * Another list in the frame (a new page, order or filter: `listKey` changes) starts at its first
 * row, not where the last one was scrolled to inside the frame.
 */
export function useFrameStartsAtTop(frame: RefObject<HTMLElement | null>, listKey: string): void {
  const shown = useRef(listKey);
  useLayoutEffect(() => {
    if (shown.current === listKey) return;
    shown.current = listKey;
    // Element#scrollTo is absent in jsdom (the component tests), hence the `?.`.
    frame.current?.scrollTo?.({ top: 0 });
  });
}
