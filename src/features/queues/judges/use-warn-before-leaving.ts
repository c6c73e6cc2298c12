import { useEffect } from "react";

const LEAVE_QUESTION = "The judge has unsaved changes. Leave and lose them?";

/**
 * With unsaved edits, leaving asks first: closing or reloading the tab (the browser words the
 * question) and following a link inside the app (the router in use cannot block a navigation, so
 * a link's click is caught before the router sees it).
 */
export function useWarnBeforeLeaving(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link || link.getAttribute("target") === "_blank") return;
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", ask);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", ask);
      document.removeEventListener("click", onClick, true);
    };
  }, [unsaved]);
}
