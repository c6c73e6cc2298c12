/**
 * Calls `emit` at most once per `intervalMs`: the first request at once, the requests after it
 * folded into one call at the end of the interval. A read that reports after every batch would
 * otherwise re-bin every answer and re-render the page's panels a few dozen times in a second.
 * `flush` makes a pending call now (the read is over: its last figures show), `cancel` drops it.
 */
export function throttledReport(emit: () => void, intervalMs: number, now: () => number = () => performance.now()) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = now();
    emit();
  };
  return {
    request() {
      if (timer !== undefined) return;
      const wait = last + intervalMs - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      run();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
