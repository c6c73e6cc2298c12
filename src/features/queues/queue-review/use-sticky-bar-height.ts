import { useCallback, useRef } from "react";

/** The CSS variable, inherited, that holds the bar's height on a narrow screen: where a question scrolled into view stops. */
export const REVIEW_BAR_SCROLL_VAR = "--review-bar-scroll";
/** Tailwind's `lg`: from there the questions' column sticks below the bar (narrower, the page scrolls them under it). */
const WIDE = "(width >= 64rem)";
/** The column's gap below the bar, and what it leaves below itself at the bottom of the screen. */
const GAP_BELOW_BAR = "0.75rem";
const GAP_AT_BOTTOM = "1.25rem";

/**
 * Measures the sticky bar (it wraps to two or three lines on a narrow screen, or with a long warning) and keeps the
 * questions' column (`scope`) clear of it: on a wide screen its `top` and `max-height` say where it sticks; on a
 * narrow one REVIEW_BAR_SCROLL_VAR says where a question scrolled into view stops. Plain properties, not a custom
 * property, on a wide screen: a custom property's change restyles every element under the one that holds it (a
 * warning that wraps the bar, then clears, would restyle the whole column), a change of `top` only the column.
 * Both are callback refs: the bar and the column come and go with the item, and whichever comes later gets the height.
 */
export function useStickyBarHeight() {
  const height = useRef<number | null>(null);
  const scopeElement = useRef<HTMLElement | null>(null);
  const write = useCallback(() => {
    const scope = scopeElement.current;
    if (!scope || height.current === null) return;
    const bar = `${height.current}px`;
    const wide = typeof window.matchMedia === "function" && window.matchMedia(WIDE).matches;
    // Only a change: writing the same value again would restyle for nothing.
    const set = (name: string, value: string) => {
      if (scope.style.getPropertyValue(name) !== value) scope.style.setProperty(name, value);
    };
    set("top", wide ? `calc(${bar} + ${GAP_BELOW_BAR})` : "");
    set("max-height", wide ? `calc(100dvh - ${bar} - ${GAP_AT_BOTTOM})` : "");
    if (!wide) set(REVIEW_BAR_SCROLL_VAR, bar);
  }, []);
  const bar = useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof ResizeObserver === "undefined") return;
      const measure = () => {
        height.current = element.offsetHeight;
        write();
      };
      measure();
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      // Crossing `lg` with the bar's height unchanged: the wide screen's max-height must not stay on a narrow one,
      // where the column does not scroll and the details below it would be drawn over its questions.
      const media = typeof window.matchMedia === "function" ? window.matchMedia(WIDE) : null;
      media?.addEventListener("change", write);
      return () => {
        observer.disconnect();
        media?.removeEventListener("change", write);
      };
    },
    [write],
  );
  const scope = useCallback(
    (element: HTMLElement | null) => {
      scopeElement.current = element;
      write();
    },
    [write],
  );
  return { bar, scope };
}
