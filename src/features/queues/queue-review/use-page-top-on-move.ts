import { useEffect, useLayoutEffect, useRef } from "react";
import { scrollPageToTop } from "@/lib/scroll-page-to-top";

/**
 * A move to another item starts at the page's top, in the commit that shows the item, before its first paint. The
 * layout does the same when the address changes (FocusMainOnNavigate), but the address now follows the item's paint:
 * alone, it would draw the item at the last one's scroll position, then jump. The same rule as the layout's: a page
 * that kept the focus inside itself (a clicked Next) is not scrolled.
 *
 * Whether the page is scrolled is kept from its scroll events: reading the scroll position in the commit would make
 * the browser lay the page out there, inside the key's handling, on every move. Scrolling a scrolled page to its top
 * does not lay it out either (scrollPageToTop).
 */
export function usePageTopOnMove(itemId: string | undefined) {
  const scrolled = useRef(false);
  useEffect(() => {
    const onScroll = () => {
      scrolled.current = window.scrollY > 0;
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const shown = useRef(itemId);
  useLayoutEffect(() => {
    if (itemId === undefined || shown.current === itemId) return;
    const first = shown.current === undefined;
    shown.current = itemId;
    if (first || !scrolled.current) return;
    const main = document.querySelector("main");
    const focused = document.activeElement;
    if (focused && focused !== main && main?.contains(focused)) return;
    scrollPageToTop();
  }, [itemId]);
}
