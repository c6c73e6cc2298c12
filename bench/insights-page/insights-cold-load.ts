import type { Browser } from "playwright-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import { waitForQuietCpu } from "../lib/cpu-quiet";
import { pageState, settlePage } from "../lib/page-state";
import { insightsLoadFacts, watchInsights } from "./insights-probe";
import { returningUserContext } from "../lib/returning-user-context";

export type InsightsLoadSample = ReturnType<typeof insightsLoadFacts> & {
  /** Bytes of the service requests' bodies (what the page sent). */
  requestBytes: number;
  startedQuiet: boolean;
  quietWaitMs: number;
};

export type InsightsLoadOutcome =
  | { state: "measured"; samples: InsightsLoadSample[] }
  | { state: "not built yet" }
  | { state: "error"; error: string };

const MESSAGES = { first: "bench: insights first figure painted", complete: "bench: insights complete painted" };

/**
 * Opens the Insights page of `queueId` `reps` times, each in a new browser context (no HTTP cache,
 * no compiled-code cache, no React Query cache: a cold load), as a returning user, once the
 * machine's CPUs are quiet (at most 5 s of waiting; the samples say whether they were), and times
 * the first figure and the complete page from the navigation's start.
 */
export async function measureInsightsColdLoad(
  browser: Browser,
  origin: string,
  manifest: ServerDbManifest,
  queueId: string,
  reps: number,
): Promise<InsightsLoadOutcome> {
  const samples: InsightsLoadSample[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const context = await returningUserContext(browser, origin, manifest);
    try {
      await context.addInitScript(watchInsights, MESSAGES);
      const page = await context.newPage();
      let requestBytes = 0;
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/")) requestBytes += request.postDataBuffer()?.length ?? 0;
      });
      const quiet = await waitForQuietCpu();
      const complete = page
        .waitForEvent("console", { predicate: (message) => message.text() === MESSAGES.complete, timeout: 60_000 })
        .then(
          () => true,
          () => false,
        );
      await page.goto(`/queues/${encodeURIComponent(queueId)}/insights`);
      if (!(await complete)) {
        const selector = 'progress[aria-label="Items read"]';
        const state = await settlePage((s) => page.evaluate(pageState, s), selector, 1_000);
        if (state === "not built yet") return { state: "not built yet" };
        throw new Error(`the Insights page was not complete within 60 s (${state})`);
      }
      const facts = await page.evaluate(insightsLoadFacts);
      samples.push({ ...facts, requestBytes, startedQuiet: quiet.quiet, quietWaitMs: quiet.waitedMs });
    } finally {
      await context.close();
    }
  }
  return { state: "measured", samples };
}
