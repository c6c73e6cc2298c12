/**
 * Runs in the page before its scripts (an init script): notes when the Insights page first shows a
 * figure of the queue and when it is complete, each at the animation frame after the one that first
 * shows it (that frame has been painted by then), and says so on the console. Checked once a frame
 * after a change of the document, never by polling from the harness (a page.evaluate runs on the
 * page's main thread, in the middle of the load it times).
 * - First figure: a line of the queue's counts ("10,000 items · 4,500 completed").
 * - Complete: the agreement panel is shown and no read is in progress (no "Items read" bar).
 */
export function watchInsights(messages: { first: string; complete: string }): void {
  const marks = window as unknown as {
    __insightsFirst?: number;
    __insightsComplete?: number;
    __insightsLongTasks?: number[];
  };
  // Every task over 50 ms on the page's main thread (parsing, the figures, rendering): their sum and the longest.
  const longTasks: number[] = (marks.__insightsLongTasks = []);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No Long Tasks API: the figures say NaN.
  }
  let scheduled = false;
  let sawFirst = false;
  const countsLine = /\d[\d,]* items · [\d,]+ completed/;
  const hasCounts = () => {
    for (const p of document.querySelectorAll("main p, p")) if (countsLine.test(p.textContent ?? "")) return true;
    return false;
  };
  // Inside the watcher (not beside it): the function is sent to the page as it is, without its module.
  const isComplete = () => {
    if (!sawFirst) return false;
    if (document.querySelector('progress[aria-label="Items read"]')) return false;
    for (const heading of document.querySelectorAll("h2, h3"))
      if (heading.textContent?.trim().startsWith("Agreement between annotators")) return true;
    return false;
  };
  const afterPaint = (mark: "__insightsFirst" | "__insightsComplete", message: string) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        marks[mark] = performance.now();
        console.info(message);
      }),
    );
  const check = () => {
    scheduled = false;
    if (!sawFirst && hasCounts()) {
      sawFirst = true;
      afterPaint("__insightsFirst", messages.first);
    }
    if (isComplete()) {
      observer.disconnect();
      afterPaint("__insightsComplete", messages.complete);
    }
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Runs in the page: the two marks; the service requests' count, sizes and when the last one ended
 * (Resource Timing); the long tasks; and the steps of the computation after the read (the page's
 * "insights-step" User Timing measures).
 */
export function insightsLoadFacts() {
  const marks = window as unknown as {
    __insightsFirst?: number;
    __insightsComplete?: number;
    __insightsLongTasks?: number[];
  };
  const longTasks = marks.__insightsLongTasks;
  const steps = performance.getEntriesByName("insights-step").map((entry) => entry.duration);
  const api = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) =>
    new URL(entry.name).pathname.startsWith("/api/"),
  );
  const byPath: Record<string, { requests: number; bytes: number }> = {};
  for (const entry of api) {
    const path = new URL(entry.name).pathname.replace(/\/annotation_queues\/[^/]+\//, "/annotation_queues/{id}/");
    const slot = (byPath[path] ??= { requests: 0, bytes: 0 });
    slot.requests += 1;
    slot.bytes += entry.encodedBodySize;
  }
  return {
    firstFigureMs: marks.__insightsFirst ?? Number.NaN,
    completeMs: marks.__insightsComplete ?? Number.NaN,
    requests: api.length,
    responseBytes: api.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    decodedBytes: api.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    lastResponseEndMs: api.reduce((last, entry) => Math.max(last, entry.responseEnd), 0),
    longTasksMs: longTasks ? longTasks.reduce((sum, duration) => sum + duration, 0) : Number.NaN,
    longestTaskMs: longTasks ? Math.max(0, ...longTasks) : Number.NaN,
    computeStepsMs: steps.reduce((sum, duration) => sum + duration, 0),
    longestStepMs: Math.max(0, ...steps),
    byPath,
  };
}
