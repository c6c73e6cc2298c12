import type { ServerDbManifest } from "../fixtures/server-db";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, type PartOutput, type SummaryRow } from "../lib/report";
import { summarize } from "../lib/stats";
import { networkQuiet, openSession } from "./browser-session";
import { measureJobCharts, type JobChartsOutcome } from "./job-charts";
import { CATALOG_FIRST_ROW_BUDGET_MS, measureCatalogColdLoad, type CatalogColdLoadOutcome } from "./catalog-cold-load";
import { measureInteraction, TABLE_INTERACTIONS, type InteractionOutcome } from "./table-interactions";

/** Budgets: new rows painted within 100 ms (p95) of the response; a 10,000-step job's charts drawn within 50 ms. */
export const PAINT_BUDGET_MS = 100;
export const CHARTS_BUDGET_MS = 50;

type Measured = { name: string; outcome: InteractionOutcome };

/** One failing measurement is reported as such; the others still run. */
export async function orError<T>(measure: () => Promise<T>): Promise<T | { state: "error"; error: string }> {
  try {
    return await measure();
  } catch (error) {
    console.error(error);
    return { state: "error", error: error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error) };
  }
}

function interactionRow({ name, outcome }: Measured): string[] {
  if (outcome.state === "not built yet") return [name, "not built yet", "", "", "", "", "", ""];
  if (outcome.state === "error") return [name, `error: ${outcome.error}`, "", "", "", "", "", ""];
  const s = outcome.samples;
  const toPaint = summarize(s.map((x) => x.responseToPaintMs));
  const click = summarize(s.map((x) => x.clickToPaintMs));
  const cached = s.filter((x) => x.fromCache).length;
  return [
    name,
    String(s.length),
    ms(toPaint.p50),
    ms(toPaint.p95),
    ms(click.p50),
    ms(click.p95),
    `${cached} of ${s.length}`,
    ms(Math.max(...s.map((x) => x.longestFrameMs))),
  ];
}

function interactionSummary({ name, outcome }: Measured): SummaryRow {
  const budget = `< ${PAINT_BUDGET_MS} ms p95`;
  const benchmark = `Browser, 100k items: ${name}, response → painted rows`;
  if (outcome.state === "not built yet")
    return { benchmark, result: "not built yet", budget, verdict: "not built yet" };
  if (outcome.state === "error") return { benchmark, result: outcome.error, budget, verdict: "error" };
  const toPaint = summarize(outcome.samples.map((x) => x.responseToPaintMs));
  const click = summarize(outcome.samples.map((x) => x.clickToPaintMs));
  const longestFrame = Math.max(...outcome.samples.map((x) => x.longestFrameMs));
  return {
    benchmark,
    result: `p95 ${ms(toPaint.p95)} (p50 ${ms(toPaint.p50)}; click → painted p95 ${ms(click.p95)}; longest frame ${ms(longestFrame)})`,
    budget,
    verdict: against(toPaint.p95, PAINT_BUDGET_MS),
  };
}

function chartsSection(
  outcome: JobChartsOutcome,
  manifest: ServerDbManifest,
): { rows: string[][]; summary: SummaryRow } {
  const benchmark = `Browser: job page with ${count(manifest.longJob.steps)} steps, charts drawn (last full pass)`;
  const budget = `< ${CHARTS_BUDGET_MS} ms`;
  if (outcome.state === "not built yet")
    return {
      rows: [["not built yet", "", "", "", "", "", ""]],
      summary: { benchmark, result: "not built yet", budget, verdict: "not built yet" },
    };
  if (outcome.state === "error")
    return {
      rows: [[`error: ${outcome.error}`, "", "", "", "", "", ""]],
      summary: { benchmark, result: outcome.error, budget, verdict: "error" },
    };
  const s = outcome.samples;
  const last = summarize(s.map((x) => x.lastPassMs));
  const rows = s.map((x, i) => [
    String(i + 1),
    ms(x.firstChartsMs),
    ms(x.allEventsMs),
    ms(x.lastPassMs),
    ms(x.slowestPassMs),
    `${x.passes} passes, ${x.charts} charts`,
    `${(x.eventsBytes / 1024).toFixed(0)} KB`,
  ]);
  const allEvents = summarize(s.map((x) => x.allEventsMs)).p50;
  return {
    rows,
    summary: {
      benchmark,
      result: `${ms(last.p50)} median of ${s.length} (${s[0]?.charts ?? 0} charts; all events read after ${ms(allEvents)})`,
      budget,
      verdict: against(last.p50, CHARTS_BUDGET_MS),
    },
  };
}

/** A service in another region: what the catalog's first row costs when its data is a real round trip away. */
const FAR_SERVICE_LATENCY_MS = 100;

function catalogSection(
  outcome: CatalogColdLoadOutcome,
  serviceLatencyMs = 0,
): { rows: string[][]; summary: SummaryRow } {
  const benchmark = serviceLatencyMs
    ? `Browser: model catalog, cold load, services ${serviceLatencyMs} ms away → first row painted (median)`
    : "Browser: model catalog, cold load → first row painted (median)";
  // The budget is for the local services; the far case is shown beside it, without one.
  const budget = serviceLatencyMs ? "—" : `< ${CATALOG_FIRST_ROW_BUDGET_MS} ms`;
  if (outcome.state !== "measured") {
    const result = outcome.state === "error" ? outcome.error : "not built yet";
    return { rows: [[result, "", "", "", "", ""]], summary: { benchmark, result, budget, verdict: outcome.state } };
  }
  const s = outcome.samples;
  const first = summarize(s.map((x) => x.firstRowMs));
  const rows = s.map((x, i) => [
    String(i + 1),
    x.startedQuiet ? `after ${ms(x.quietWaitMs)}` : `no (${ms(x.quietWaitMs)})`,
    ms(x.scriptsMs),
    `${ms(x.modelsStartMs)} – ${ms(x.modelsEndMs)}`,
    ms(x.firstRowMs),
    ms(x.firstRowMs - x.modelsEndMs),
  ]);
  const busyStarts = s.filter((x) => !x.startedQuiet).length;
  const result = `${ms(first.p50)} median of ${s.length} (p95 ${ms(first.p95)})${busyStarts ? `; ${busyStarts} started on a busy machine` : ""}`;
  return {
    rows,
    summary: {
      benchmark,
      result,
      budget,
      verdict: serviceLatencyMs ? "n/a" : against(first.p50, CATALOG_FIRST_ROW_BUDGET_MS),
    },
  };
}

export async function interactionsPart(
  origin: string,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const session = await openSession(origin, manifest);
  try {
    const quiet = networkQuiet(session.page);
    const queuePath = `/queues/${manifest.bigQueueId}`;
    const measured: Measured[] = [];
    for (const interaction of TABLE_INTERACTIONS) {
      const outcome = await orError(() =>
        measureInteraction(session.page, queuePath, interaction, profile.interactions.reps, () => quiet()),
      );
      if (outcome.state === "measured")
        console.info(
          `    ${interaction.name}: response → painted p95 ${summarize(outcome.samples.map((x) => x.responseToPaintMs)).p95} ms`,
        );
      measured.push({ name: interaction.name, outcome });
    }
    const charts = await orError(() =>
      measureJobCharts(session.page, `/training/jobs/${manifest.longJob.id}`, profile.interactions.jobReps),
    );
    const chartRows = chartsSection(charts, manifest);
    // The job page left open would go on polling the service (the training
    // status) during the cold loads, in the same browser and on the same server: a load of this
    // dashboard in another tab is not what the cold-load budget is about.
    await session.page.goto("about:blank");
    const catalog = await orError(() =>
      measureCatalogColdLoad(session.browser, origin, manifest, profile.interactions.coldLoads),
    );
    const catalogRows = catalogSection(catalog);
    const farCatalog = await orError(() =>
      measureCatalogColdLoad(session.browser, origin, manifest, profile.interactions.coldLoads, FAR_SERVICE_LATENCY_MS),
    );
    const farCatalogRows = catalogSection(farCatalog, FAR_SERVICE_LATENCY_MS);
    const markdown = [
      `## In-browser interactions (Playwright, Chromium, ${count(manifest.bigQueueItems)}-item queue)`,
      "",
      `Each repetition loads the table fresh at a different page, waits for the network to go quiet (the next page's prefetch), clicks, and times in the page: "response → painted" runs from the later of the click and the last byte of the items query the click caused (Resource Timing) to two animation frames after the rows changed; "click → painted" includes the request. A next page the app prefetched comes from the cache (no response after the click). "Longest frame" is the largest gap between animation frames from click to paint (about 17 ms = no frame dropped).`,
      "",
      table(
        [
          "interaction",
          "runs",
          "response → painted p50",
          "p95",
          "click → painted p50",
          "p95",
          "from cache",
          "longest frame",
        ],
        measured.map(interactionRow),
      ),
      "",
      `### Job page, ${count(manifest.longJob.steps)} steps (${count(manifest.longJob.events)} events)`,
      "",
      "From a fresh load of a finished job's page: the dashboard records each drawing pass of its charts as a `training-charts` performance measure (charts/render-timing.ts). The last pass draws every step of every metric; earlier passes draw the steps read so far.",
      "",
      table(
        ["run", "first charts drawn", "all events read", "last pass", "slowest pass", "passes", "events transferred"],
        chartRows.rows,
      ),
      "",
      "### Model catalog, cold load",
      "",
      "Each run opens `/models` in a new browser context (no HTTP or code cache) as a returning user, and times from navigation start to the animation frame after the one that first shows a row. Each load starts once the machine's CPUs, together, were at least 80% idle over 250 ms (bench/lib/cpu-quiet.ts; the quiet column says how long that took, or no when 5 s passed first): since 2026-11-25: every load used to start while the browser was still starting the new page's renderer and closing the last one, and on 2 cores it timed that work too (each now waits ~750 ms for it). Also: DOMContentLoaded (src/boot.ts fetched and run; since 2026-11-25 it runs the app's code only after sending the first request, so the app's own run is no longer inside it) and the `/models` request (boot.ts sends it as soon as the config is in: app/boot-sequence.ts).",
      "",
      table(
        ["run", "quiet", "scripts run", "/models request", "first row painted", "after the response"],
        catalogRows.rows,
      ),
      "",
      `With every service request delayed ${FAR_SERVICE_LATENCY_MS} ms, as from a service in another region (the page's own files are not delayed):`,
      "",
      table(
        ["run", "quiet", "scripts run", "/models request", "first row painted", "after the response"],
        farCatalogRows.rows,
      ),
    ].join("\n");
    return {
      summary: [...measured.map(interactionSummary), chartRows.summary, catalogRows.summary, farCatalogRows.summary],
      markdown,
      data: {
        interactions: measured,
        jobCharts: charts,
        catalogColdLoad: catalog,
        catalogColdLoadFarServices: farCatalog,
      },
    };
  } finally {
    await session.close();
  }
}
