/**
 * Runs `work` once the browser has nothing more urgent to do, and at the latest after `timeoutMs`:
 * for work that must not sit between a page's first render and its first paint, such as
 * preloading code a later click needs. Without requestIdleCallback (Safari) it waits
 * `fallbackMs`, which at least lets the paint go first. Gives a function that cancels it.
 */
export function whenIdle(work: () => void, { timeoutMs = 2000, fallbackMs = 200 } = {}): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(timer);
}
