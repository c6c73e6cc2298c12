/** What a page shows after navigation, as judged in the page (passed to page.evaluate / waitForFunction). */
export type PageState = "ready" | "not built yet" | "no key" | "waiting";

/**
 * Runs in the page: "ready" once `readySelector` matches, "not built yet" on the dashboard's
 * not-found page (the route does not exist in this build), "no key" when sent to Settings.
 */
export function pageState(readySelector: string): PageState {
  if (document.querySelector(readySelector)) return "ready";
  if ([...document.querySelectorAll("h1")].some((h) => h.textContent?.trim() === "Page not found"))
    return "not built yet";
  if (window.location.pathname.startsWith("/settings")) return "no key";
  return "waiting";
}

/** Polls `read` (page.evaluate(pageState, selector) in Puppeteer or Playwright) until the page settles; 30 s at most. */
export async function settlePage(
  read: (selector: string) => Promise<PageState>,
  readySelector: string,
  timeoutMs = 30_000,
): Promise<PageState> {
  const started = Date.now();
  for (;;) {
    const state = await read(readySelector);
    if (state !== "waiting" || Date.now() - started > timeoutMs) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
