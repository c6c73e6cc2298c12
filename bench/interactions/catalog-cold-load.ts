import type { Browser } from "playwright-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import { waitForQuietCpu } from "../lib/cpu-quiet";
import { pageState, settlePage } from "../lib/page-state";
import { returningUserContext } from "../lib/returning-user-context";

/** The budget: the catalog's first row painted within 300 ms of a cold load (median). */
export const CATALOG_FIRST_ROW_BUDGET_MS = 300;

export type CatalogColdLoadSample = {
  /** Navigation start to the animation frame after the one that first has a catalog row. */
  firstRowMs: number;
  /** Navigation start to DOMContentLoaded: src/boot.ts fetched and run (the app runs after it). */
  scriptsMs: number;
  /** Start and end of the `/models` request (Resource Timing). */
  modelsStartMs: number;
  modelsEndMs: number;
  /** Whether the machine was quiet when the load started (waitForQuietCpu), and how long that took. */
  startedQuiet: boolean;
  quietWaitMs: number;
};

export type CatalogColdLoadOutcome =
  | { state: "measured"; samples: CatalogColdLoadSample[] }
  | { state: "not built yet" }
  | { state: "error"; error: string };

/** What the page logs once the first row is painted. */
const PAINTED_MESSAGE = "bench: first catalog row painted";

/**
 * Runs in the page before its scripts: notes when the first catalog row is in the document, then
 * painted, and says so on the console. The harness waits for that message rather than polling the
 * page: every poll (page.evaluate) runs on the page's main thread, and the first one compiles
 * Playwright's helper script there, in the middle of the load it is timing.
 */
function watchFirstRow(message: string): void {
  const marks = window as unknown as { __firstRowPainted?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector("table tbody tr")) return;
    observer.disconnect();
    // The frame that shows the row is painted once the next one starts.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        marks.__firstRowPainted = performance.now();
        console.info(message);
      }),
    );
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Runs in the page: the timings of one load. */
function loadFacts() {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const models = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((e) =>
    new URL(e.name).pathname.endsWith("/models"),
  );
  return {
    firstRowMs: (window as unknown as { __firstRowPainted?: number }).__firstRowPainted ?? Number.NaN,
    scriptsMs: navigation?.domContentLoadedEventEnd ?? Number.NaN,
    modelsStartMs: models?.startTime ?? Number.NaN,
    modelsEndMs: models?.responseEnd ?? Number.NaN,
  };
}

/**
 * Opens /models `reps` times, each in a new browser context (no HTTP cache, no compiled-code
 * cache: a cold load), as a returning user (the key in storage), and times the first row. Each
 * load starts once the machine's CPUs are quiet (at most 5 s of waiting; the report says so).
 * `serviceLatencyMs` delays every service request that long before it is sent, as a service in
 * another region would add (the local services answer on loopback in a few ms); the page's own
 * files are not delayed.
 */
export async function measureCatalogColdLoad(
  browser: Browser,
  origin: string,
  manifest: ServerDbManifest,
  reps: number,
  serviceLatencyMs = 0,
): Promise<CatalogColdLoadOutcome> {
  const samples: CatalogColdLoadSample[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const context = await returningUserContext(browser, origin, manifest);
    try {
      await context.addInitScript(watchFirstRow, PAINTED_MESSAGE);
      if (serviceLatencyMs > 0) {
        await context.route(/\/api\//, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, serviceLatencyMs));
          await route.continue();
        });
      }
      const page = await context.newPage();
      // The last load's renderer exiting, or the server finishing an earlier part's work, is not this load's.
      const quiet = await waitForQuietCpu();
      const painted = page
        .waitForEvent("console", { predicate: (message) => message.text() === PAINTED_MESSAGE, timeout: 30_000 })
        .then(
          () => true,
          () => false,
        );
      await page.goto("/models");
      if (!(await painted)) {
        const state = await settlePage((selector) => page.evaluate(pageState, selector), "table tbody tr", 1_000);
        if (state === "not built yet") return { state: "not built yet" };
        throw new Error(`/models showed no painted row within 30 s (${state})`);
      }
      samples.push({ ...(await page.evaluate(loadFacts)), startedQuiet: quiet.quiet, quietWaitMs: quiet.waitedMs });
    } finally {
      await context.close();
    }
  }
  return { state: "measured", samples };
}
