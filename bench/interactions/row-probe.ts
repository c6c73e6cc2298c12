/**
 * In-page timing of one table interaction, in the page's own clock (performance.now()):
 * `armRowProbe` runs before the click and watches the rows; `collectRowProbe` waits until they
 * changed and two animation frames passed (the new rows have been painted), then reads the
 * Resource Timing entries of the items queries the click caused. Both are passed to
 * page.evaluate, so they must not use anything outside their own bodies.
 */
export type RowProbeResult = {
  clickAt: number | null;
  changedAt: number | null;
  paintedAt: number | null;
  /** responseEnd of the last items query that started after the click and ended before the rows changed. */
  responseEnd: number | null;
  /** Longest gap between animation frames from arming to paint: above ~17 ms a frame was dropped. */
  longestFrameMs: number;
  rows: number;
};

type ProbeState = RowProbeResult & { done: Promise<void> };

export function armRowProbe(rowSelector: string): void {
  const signature = () => {
    const rows = document.querySelectorAll(rowSelector);
    return `${rows.length}|${Array.from(rows, (r) => r.getAttribute("data-item-id")).join(",")}|${rows[0]?.textContent ?? ""}`;
  };
  const before = signature();
  let finish: (() => void) | undefined;
  const state: ProbeState = {
    clickAt: null,
    changedAt: null,
    paintedAt: null,
    responseEnd: null,
    longestFrameMs: 0,
    rows: 0,
    done: new Promise<void>((resolve) => (finish = resolve)),
  };
  document.addEventListener("click", (event) => (state.clickAt ??= event.timeStamp), { capture: true, once: true });

  let lastFrame: number | null = null;
  const onFrame = (now: number) => {
    if (lastFrame !== null) state.longestFrameMs = Math.max(state.longestFrameMs, now - lastFrame);
    lastFrame = now;
    if (state.paintedAt === null) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  const observer = new MutationObserver(() => {
    if (state.changedAt !== null || signature() === before) return;
    state.changedAt = performance.now();
    state.rows = document.querySelectorAll(rowSelector).length;
    observer.disconnect();
    // The first frame callback runs before the paint of the new rows, the second after it.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        state.paintedAt = performance.now();
        finish?.();
      }),
    );
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  (window as unknown as { __rowProbe: ProbeState }).__rowProbe = state;
}

export async function collectRowProbe(args: { timeoutMs: number; urlPart: string }): Promise<RowProbeResult> {
  const state = (window as unknown as { __rowProbe: ProbeState }).__rowProbe;
  await Promise.race([state.done, new Promise((resolve) => setTimeout(resolve, args.timeoutMs))]);
  const clickAt = state.clickAt;
  const changedAt = state.changedAt ?? Number.POSITIVE_INFINITY;
  const ends = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
    .filter(
      (e) => e.name.includes(args.urlPart) && clickAt !== null && e.startTime >= clickAt && e.responseEnd <= changedAt,
    )
    .map((e) => e.responseEnd);
  return {
    clickAt,
    changedAt: state.changedAt,
    paintedAt: state.paintedAt,
    responseEnd: ends.length ? Math.max(...ends) : null,
    longestFrameMs: state.longestFrameMs,
    rows: state.rows,
  };
}
