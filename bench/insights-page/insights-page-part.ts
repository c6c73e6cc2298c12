import { chromium } from "playwright-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/browser";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput } from "../lib/report";
import { median } from "../lib/stats";
import { measureInsightsColdLoad, type InsightsLoadSample } from "./insights-cold-load";

/** The budgets for the Insights page of the 10,000-item demo queue, median of cold loads. */
const FIRST_FIGURE_BUDGET_MS = 1000;
const COMPLETE_BUDGET_MS = 2000;

const kib = (bytes: number) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KiB`;

/**
 * Cold loads of the Insights page of the demo's 10,000-item queue in Chromium (production build,
 * the benchmark server): navigation start to the first figure painted and to the complete page,
 * with the service requests the page made and their sizes.
 */
export async function insightsPagePart(
  origin: string,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const reps = profile.name === "quick" ? 2 : 5;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
  let samples: InsightsLoadSample[];
  try {
    // One untimed load: the server's first read of the queue (SQLite's page cache) is not the page's.
    const warm = await measureInsightsColdLoad(browser, origin, manifest, manifest.demoQueueId, 1);
    if (warm.state !== "measured") {
      const state = warm.state === "error" ? "error" : "not built yet";
      return {
        summary: [{ benchmark: "Insights, 10,000 items: cold load", result: state, budget: "", verdict: state }],
        markdown: `### Insights page: ${state}`,
        data: warm,
      };
    }
    const outcome = await measureInsightsColdLoad(browser, origin, manifest, manifest.demoQueueId, reps);
    if (outcome.state !== "measured") throw new Error(`the timed loads ended as "${outcome.state}"`);
    samples = outcome.samples;
  } finally {
    await browser.close();
  }
  const first = median(samples.map((s) => s.firstFigureMs));
  const complete = median(samples.map((s) => s.completeMs));
  const requests = median(samples.map((s) => s.requests));
  const bytes = median(samples.map((s) => s.responseBytes));
  const sent = median(samples.map((s) => s.requestBytes));
  const tail = median(samples.map((s) => s.completeMs - s.lastResponseEndMs));
  const longTasks = median(samples.map((s) => s.longTasksMs));
  const longestTask = median(samples.map((s) => s.longestTaskMs));
  const computeSteps = median(samples.map((s) => s.computeStepsMs));
  console.info(
    `    insights page: first figure ${Math.round(first)} ms, complete ${Math.round(complete)} ms (median of ${reps}), ${requests} requests, ${kib(bytes)} received, ${kib(sent)} sent`,
  );
  console.info(
    `    main thread: long tasks ${Math.round(longTasks)} ms in all, longest ${Math.round(longestTask)} ms; computation after the read ${Math.round(computeSteps)} ms; last response to complete ${Math.round(tail)} ms`,
  );
  const last = samples.at(-1) as InsightsLoadSample;
  const firstVerdict = against(first, FIRST_FIGURE_BUDGET_MS);
  const completeVerdict = against(complete, COMPLETE_BUDGET_MS);
  const markdown = [
    `### Insights page of the ${count(manifest.demoQueueItems)}-item demo queue: cold loads`,
    "",
    `${reps} loads after one untimed one, each in a new browser context, started on a quiet CPU. From the navigation's start to the animation frame after the one that first shows a count of the queue ("N items · M completed"), and to the one after the agreement panel shows with no read in progress. Requests and bytes: the service requests of the load (Resource Timing, bodies as sent over the wire). Main thread: the load's long tasks (over 50 ms: parsing, figures, rendering), their sum and the longest; the computation's steps after the read (User Timing "insights-step"); and the time from the last service response to the complete page (computation and render).`,
    "",
    table(
      [
        "load",
        "first figure",
        "complete",
        "requests",
        "received",
        "sent",
        "long tasks",
        "longest task",
        "computation",
        "last response → complete",
        "quiet start",
      ],
      samples.map((s, i) => [
        i + 1,
        ms(s.firstFigureMs),
        ms(s.completeMs),
        s.requests,
        kib(s.responseBytes),
        kib(s.requestBytes),
        ms(s.longTasksMs),
        ms(s.longestTaskMs),
        `${ms(s.computeStepsMs)} (step ≤ ${ms(s.longestStepMs)})`,
        ms(s.completeMs - s.lastResponseEndMs),
        s.startedQuiet ? "yes" : `no (${s.quietWaitMs} ms)`,
      ]),
    ),
    "",
    "Requests of the last load, by path:",
    "",
    table(
      ["path", "requests", "received"],
      Object.entries(last.byPath).map(([path, slot]) => [path, slot.requests, kib(slot.bytes)]),
    ),
    "",
    table(
      ["budget (median)", "measured", "verdict"],
      [
        [`first figure < ${ms(FIRST_FIGURE_BUDGET_MS)}`, ms(first), verdictMark(firstVerdict)],
        [`complete < ${ms(COMPLETE_BUDGET_MS)}`, ms(complete), verdictMark(completeVerdict)],
      ],
    ),
  ].join("\n");
  return {
    summary: [
      {
        benchmark: "Insights, 10,000 items: first figure (median)",
        result: ms(first),
        budget: `< ${ms(FIRST_FIGURE_BUDGET_MS)}`,
        verdict: firstVerdict,
      },
      {
        benchmark: "Insights, 10,000 items: complete (median)",
        result: `${ms(complete)}, ${requests} requests, ${kib(bytes)}`,
        budget: `< ${ms(COMPLETE_BUDGET_MS)}`,
        verdict: completeVerdict,
      },
    ],
    markdown,
    data: { reps, samples, medians: { first, complete, longTasks, longestTask, computeSteps, tail } },
  };
}
