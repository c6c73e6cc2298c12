/**
 * In-page timing of the review page, shared by the benchmark (bench/hostile/) and the end-to-end
 * test of hostile calls. Every function here runs in the page: self-contained, no imports.
 */

export type ReviewPaint = {
  /** Navigation start to two animation frames after the call's fields were in the page. */
  navigationToPaintMs: number;
  /** The end of the call's /call/read response (Resource Timing) to the same paint. */
  responseToPaintMs: number;
  /** Every long task (over 50 ms) from navigation to the paint (the app's own start included). */
  longTasksMs: number[];
  /** The long tasks from the call's request to the paint: reading, parsing and rendering the call. */
  callLongTasksMs: number[];
  /** Elements in the document at the paint. */
  domNodes: number;
};

export type ProbeWindow = Window & {
  __reviewProbe?: {
    longTasks: { start: number; duration: number }[];
    callShownAt: number | null;
    paintedAt: number | null;
  };
};

/**
 * Installed before the page's scripts (addInitScript): records long tasks, and the moment the
 * call is in the page (its "Show the whole call" button is rendered in the same commit as the
 * display fields), then the paint two frames later.
 */
export function installReviewProbe(): void {
  const w = window as ProbeWindow;
  const probe = {
    longTasks: [] as { start: number; duration: number }[],
    callShownAt: null as number | null,
    paintedAt: null as number | null,
  };
  w.__reviewProbe = probe;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No long-task timing in this browser: the list stays empty.
  }
  // Inside: the page gets this function's source alone (addInitScript), nothing around it.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const shown = () =>
    Array.from(document.querySelectorAll("button")).some((b) => b.textContent === "Show the whole call");
  const observer = new MutationObserver(() => {
    if (probe.callShownAt !== null || !shown()) return;
    probe.callShownAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => (probe.paintedAt = performance.now())));
  });
  // Init scripts run before <body> exists: watch the whole document.
  observer.observe(document, { childList: true, subtree: true });
}

/** Runs in the page once `paintedAt` is set: the numbers of this load. */
export function readReviewPaint(): ReviewPaint | null {
  const probe = (window as ProbeWindow).__reviewProbe;
  if (!probe || probe.paintedAt === null) return null;
  const painted = probe.paintedAt;
  const call = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) =>
    e.name.endsWith("/call/read"),
  );
  const tasks = probe.longTasks.filter((t) => t.start <= painted);
  return {
    navigationToPaintMs: painted,
    responseToPaintMs: call ? painted - call.responseEnd : Number.NaN,
    longTasksMs: tasks.map((t) => t.duration),
    // A task that was running when the request started is counted too.
    callLongTasksMs: call ? tasks.filter((t) => t.start + t.duration >= call.startTime).map((t) => t.duration) : [],
    domNodes: document.getElementsByTagName("*").length,
  };
}

export type InteractionTiming = { clickToPaintMs: number; longTasksMs: number[]; domNodes: number };

/** Runs in the page: clicks the button named `name` (exact text) and times it to the paint two frames later. */
export async function timeClick(name: string): Promise<InteractionTiming> {
  const probe = (window as ProbeWindow).__reviewProbe;
  const button = Array.from(document.querySelectorAll("button")).find((b) => b.textContent === name);
  if (!button) throw new Error(`no button "${name}"`);
  const started = performance.now();
  button.click();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const painted = performance.now();
  // Long tasks are reported after they end: give the observer a moment.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    clickToPaintMs: painted - started,
    longTasksMs: (probe?.longTasks ?? [])
      .filter((t) => t.start >= started - 1 && t.start <= painted)
      .map((t) => t.duration),
    domNodes: document.getElementsByTagName("*").length,
  };
}

/** Runs in the page: whether the document scrolls sideways. */
export function documentOverflowsSideways(): boolean {
  const root = document.documentElement;
  return root.scrollWidth > root.clientWidth + 1;
}
