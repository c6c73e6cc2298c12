import { useEffect, useState, type RefObject } from "react";

/**
 * Whether an element is on screen or near it (within `margin` above or below the view), so work
 * for what nobody sees can wait until it scrolls near. Without IntersectionObserver: always.
 */
export function useOnScreen(target: RefObject<Element | null>, margin = "300px 0px"): boolean {
  const [onScreen, setOnScreen] = useState(typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.at(-1)!.isIntersecting), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, margin]);
  return onScreen;
}
