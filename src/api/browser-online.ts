import { onlineManager } from "@tanstack/react-query";

/** A page back from the back-forward cache: online and offline events may have passed while it was stored. */
function onPageShow(event: PageTransitionEvent): void {
  if (event.persisted) onlineManager.setOnline(navigator.onLine);
}

/**
 * React Query starts online and learns otherwise only from the browser's `online` and `offline` events. A page
 * loaded while the browser is offline (Back or Forward serves it from the browser's cache) hears neither: it would
 * try every read, show no offline notice, and, when the connection returns, read nothing again by itself. So the app
 * starts from what the browser says, and asks again when a page comes back from the back-forward cache. Returns a
 * function that stops listening.
 */
export function followBrowserOnline(): () => void {
  // Online is React Query's own start: only offline needs saying.
  if (!navigator.onLine) onlineManager.setOnline(false);
  window.addEventListener("pageshow", onPageShow);
  return () => window.removeEventListener("pageshow", onPageShow);
}
