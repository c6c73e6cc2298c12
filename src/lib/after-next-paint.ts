/** The longest the wait lasts when no frame comes: a tab in the background draws none. */
const AT_MOST_MS = 250;

/**
 * Runs `task` once the next frame has been painted: a frame's callbacks run before its paint, and a task posted from
 * there runs after it. Without frames it runs after 250 ms; in a hidden tab, at once (after the current task's
 * microtasks). Returns a function that cancels it.
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
    posted = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, AT_MOST_MS);
  return cancel;
}

/**
 * Resolves once the next frame has been painted (see runAfterNextPaint). For work a key press starts that the frame
 * showing its result does not need: a request built and sent costs a millisecond or two of the key's handling.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    runAfterNextPaint(resolve);
  });
}
