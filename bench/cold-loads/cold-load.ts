import type { Browser } from "playwright-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import { waitForQuietCpu } from "../lib/cpu-quiet";
import { pageState, settlePage } from "../lib/page-state";
import type { ColdLoadPage } from "./cold-load-pages";
import { returningUserContext } from "../lib/returning-user-context";

/** One request of a load, from navigation start (Resource Timing). */
export type LoadRequest = { path: string; kind: "code" | "style" | "data" | "other"; startMs: number; endMs: number };

export type ColdLoadSample = {
  /** Navigation start to the animation frame after the one that first has the page's first meaningful content. */
  contentMs: number;
  /** Navigation start to DOMContentLoaded: src/boot.ts fetched and run. */
  scriptsMs: number;
  /** The requests that ended before the content was shown, in the order they started. */
  requests: LoadRequest[];
  startedQuiet: boolean;
  quietWaitMs: number;
};

export type ColdLoadOutcome =
  | { state: "measured"; samples: ColdLoadSample[] }
  | { state: "not built yet" }
  | { state: "error"; error: string };

/** What the page logs once its content is painted. */
const PAINTED_MESSAGE = "bench: first meaningful content painted";

type Watch = { selector: string; text: string | null; message: string };

/**
 * Runs in the page before its scripts: notes when the first meaningful content is in the document,
 * then painted, and says so on the console. The harness waits for that message rather than polling
 * the page: a poll (page.evaluate) runs on the page's main thread, in the middle of the load it times.
 */
function watchContent({ selector, text, message }: Watch): void {
  const marks = window as unknown as { __contentPainted?: number };
  const pattern = text === null ? null : new RegExp(text);
  const present = () => {
    if (!pattern) return document.querySelector(selector) !== null;
    for (const element of document.querySelectorAll(selector)) if (pattern.test(element.textContent ?? "")) return true;
    return false;
  };
  const observer = new MutationObserver(() => {
    if (!present()) return;
    observer.disconnect();
    // The frame that shows the content is painted once the next one starts.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        marks.__contentPainted = performance.now();
        console.info(message);
      }),
    );
  });
  observer.observe(document, { childList: true, subtree: true, characterData: pattern !== null });
}

/** Runs in the page: the timings of one load. */
function loadFacts() {
  const painted = (window as unknown as { __contentPainted?: number }).__contentPainted ?? Number.NaN;
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  // Inside: the page gets this function's source alone (evaluate), nothing around it.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const kindOf = (entry: PerformanceResourceTiming): LoadRequest["kind"] => {
    const path = new URL(entry.name).pathname;
    if (path.startsWith("/api/")) return "data";
    if (path.endsWith(".js")) return "code";
    if (path.endsWith(".css")) return "style";
    return "other";
  };
  const requests = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
    .filter((entry) => entry.responseEnd <= painted)
    .map((entry) => ({
      path: new URL(entry.name).pathname + new URL(entry.name).search,
      kind: kindOf(entry),
      startMs: Math.round(entry.startTime * 10) / 10,
      endMs: Math.round(entry.responseEnd * 10) / 10,
    }))
    .sort((a, b) => a.startMs - b.startMs);
  return { contentMs: painted, scriptsMs: navigation?.domContentLoadedEventEnd ?? Number.NaN, requests };
}

/**
 * Opens the page `reps` times, each in a new browser context (no HTTP cache, no compiled-code
 * cache: a cold load), as a returning user (the key, settings and training registry in storage),
 * and times its first meaningful content. Each load starts once the machine's CPUs are quiet
 * (lib/cpu-quiet.ts, at most 5 s of waiting; the report says so), as the catalog's cold load does.
 */
export async function measureColdLoad(
  browser: Browser,
  origin: string,
  manifest: ServerDbManifest,
  page: ColdLoadPage,
  reps: number,
): Promise<ColdLoadOutcome> {
  const samples: ColdLoadSample[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const context = await returningUserContext(browser, origin, manifest);
    try {
      const watch: Watch = { selector: page.selector, text: page.text ?? null, message: PAINTED_MESSAGE };
      await context.addInitScript(watchContent, watch);
      const tab = await context.newPage();
      // The last load's renderer exiting, or the server finishing an earlier part's work, is not this load's.
      const quiet = await waitForQuietCpu();
      const painted = tab
        .waitForEvent("console", { predicate: (message) => message.text() === PAINTED_MESSAGE, timeout: 30_000 })
        .then(
          () => true,
          () => false,
        );
      await tab.goto(page.path);
      if (!(await painted)) {
        const state = await settlePage((selector) => tab.evaluate(pageState, selector), page.selector, 1_000);
        if (state === "not built yet") return { state: "not built yet" };
        throw new Error(`${page.path} showed no ${page.content} within 30 s (${state})`);
      }
      samples.push({ ...(await tab.evaluate(loadFacts)), startedQuiet: quiet.quiet, quietWaitMs: quiet.waitedMs });
    } finally {
      await context.close();
    }
  }
  return { state: "measured", samples };
}
