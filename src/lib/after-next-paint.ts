/** The longest the wait lasts when no frame comes: a tab in the background draws none. */
const AT_MOST_MS = 250;

/**
 * How long after a frame's callbacks the task waits. The frame is painted right after them, then rastered and drawn
 * off the main thread; on a machine of two cores, work and requests started in the meantime (with the local services,
 * the service's own work too) compete with that drawing and hold the frame back. One frame more (16 ms) is too
 * little for software raster; the measures are in bench/README.md, "Where the frame goes".
 */
export const DRAWN_AFTER_MS = 100;

/**
 * Runs `task` once the next frame has been drawn: DRAWN_AFTER_MS after that frame's callbacks (at most 250 ms from now
 * when no frame comes). In a hidden tab, at once (after the current task's microtasks). Returns a function that
 * cancels it. A page closed or left in that time takes the task with it: a write the page must not lose waits through
 * lib/frame-hold.ts, which sends it as the page goes.
 */
export function runAfterNextPaint(task: () => void): () => void {
  if (document.visibilityState === "hidden") {
    // A hidden tab draws no frames and holds its timers back (up to a second): there is no paint to wait for, and a
    // request waiting here could be lost with a tab closed meanwhile.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) task();
    });
    return () => {
      cancelled = true;
    };
  }
  let posted: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(posted);
    clearTimeout(fallback);
  };
  const run = () => {
    cancel();
    task();
  };
  const frame = requestAnimationFrame(() => {
    posted = setTimeout(run, DRAWN_AFTER_MS);
  });
  const fallback = setTimeout(run, AT_MOST_MS);
  return cancel;
}
