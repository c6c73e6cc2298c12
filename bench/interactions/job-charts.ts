import type { Page } from "playwright-core";
import { pageState, settlePage } from "../lib/page-state";

export type JobChartsSample = {
  /** Navigation start to the first drawing pass of all charts. */
  firstChartsMs: number;
  /** Navigation start to "Finished: all N events read" (every page of events fetched). */
  allEventsMs: number;
  /** The drawing pass after the last events arrived: every step of every metric. */
  lastPassMs: number;
  /** The slowest drawing pass while the events were arriving. */
  slowestPassMs: number;
  passes: number;
  charts: number;
  eventsBytes: number;
};

export type JobChartsOutcome =
  | { state: "measured"; samples: JobChartsSample[] }
  | { state: "not built yet" }
  | { state: "error"; error: string };

/** Runs in the page: the time the live status says every event was read, else null. */
function finishedAt(): number | null {
  const done = Array.from(document.querySelectorAll("output")).some((o) => o.textContent?.includes("Finished: all"));
  return done ? performance.now() : null;
}

/** Runs in the page: the chart timings the dashboard records (charts/render-timing.ts) and the bytes of the event pages. */
function chartFacts() {
  const passes = performance
    .getEntriesByName("training-charts", "measure")
    .map((m) => ({ end: m.startTime + m.duration, duration: m.duration }));
  const events = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) =>
    e.name.includes("/events"),
  );
  return {
    passes,
    charts: document.querySelectorAll("canvas").length,
    eventsBytes: events.reduce((sum, e) => sum + e.encodedBodySize, 0),
  };
}

/**
 * Opens the job page of a finished job with many steps, `reps` times from a fresh load, and reads
 * the `training-charts` performance measures the chart grid records for each drawing pass.
 */
export async function measureJobCharts(page: Page, jobPath: string, reps: number): Promise<JobChartsOutcome> {
  const samples: JobChartsSample[] = [];
  for (let rep = 0; rep < reps; rep++) {
    await page.goto(jobPath);
    const state = await settlePage((selector) => page.evaluate(pageState, selector), "canvas", 60_000);
    if (state === "not built yet") return { state: "not built yet" };
    if (state !== "ready") throw new Error(`${jobPath} drew no chart (${state})`);
    const finished = await page.waitForFunction(finishedAt, undefined, { timeout: 120_000, polling: "raf" });
    const allEventsMs = (await finished.jsonValue()) as number;
    // Let the pass that follows the last page of events finish.
    await page.waitForTimeout(500);
    const facts = await page.evaluate(chartFacts);
    const first = facts.passes[0];
    const last = facts.passes.at(-1);
    if (!first || !last)
      throw new Error(`${jobPath}: no training-charts measure was recorded (charts/render-timing.ts)`);
    samples.push({
      firstChartsMs: first.end,
      allEventsMs,
      lastPassMs: last.duration,
      slowestPassMs: Math.max(...facts.passes.map((p) => p.duration)),
      passes: facts.passes.length,
      charts: facts.charts,
      eventsBytes: facts.eventsBytes,
    });
  }
  return { state: "measured", samples };
}
