import { useCallback, useRef } from "react";

/** The CSS variable that holds the review's sticky action bar's height: what sticks below it keeps clear of it. */
export const REVIEW_BAR_VAR = "--review-bar";

/**
 * Measures the sticky bar (it wraps to two or three lines on a narrow screen) and writes its height
 * to REVIEW_BAR_VAR on `scope`, so the questions' column sticks below it and a question scrolled
 * into view stops below it instead of under it. `bar` is a callback ref: the bar comes and goes
 * with the item.
 */
export function useStickyBarHeight<Scope extends HTMLElement>() {
  const scope = useRef<Scope>(null);
  const bar = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === "undefined") return;
    const write = () => scope.current?.style.setProperty(REVIEW_BAR_VAR, `${element.offsetHeight}px`);
    write();
    const observer = new ResizeObserver(write);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { bar, scope };
}
