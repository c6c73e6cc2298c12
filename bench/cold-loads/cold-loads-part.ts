import { chromium } from "playwright-core";
import { SERVICE_PATHS } from "../../server/app";
import { DEMO_USERS } from "../../server/auth/users";
import type { ServerDbManifest } from "../fixtures/server-db";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/browser";
import type { Profile } from "../lib/profile";
import { against, ms, table, type PartOutput, type SummaryRow } from "../lib/report";
import { summarize } from "../lib/stats";
import { coldLoadPages, type ColdLoadPage } from "./cold-load-pages";
import { measureColdLoad, type ColdLoadOutcome, type ColdLoadSample } from "./cold-load";
import { COLD_LOADS_BASELINE_VARIABLE, measureSideBySide, sideBySideTable, type SideBySide } from "./side-by-side";
import type { BenchServer } from "../lib/bench-server";
import { baselineDistDir, startBaselineServer } from "../lib/baseline-build";

/** The budget: every page's first meaningful content within 500 ms of a cold load, median. */
export const COLD_LOAD_BUDGET_MS = 500;

type Measured = { page: ColdLoadPage; outcome: ColdLoadOutcome };

/** An item of the demo queue to review: the 100th, past the ones other parts walk from the start. */
async function reviewItemId(origin: string, manifest: ServerDbManifest): Promise<string> {
  const response = await fetch(
    `${origin}${SERVICE_PATHS.trace}/annotation_queues/${manifest.demoQueueId}/items/query`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${DEMO_USERS[0].apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ project_id: manifest.project, offset: 99, limit: 1 }),
    },
  );
  if (!response.ok) throw new Error(`items query: ${response.status} ${await response.text()}`);
  const { items } = (await response.json()) as { items: { id: string }[] };
  const id = items[0]?.id;
  if (!id) throw new Error(`queue ${manifest.demoQueueId} has fewer than 100 items`);
  return id;
}

/**
 * The pages named in COLD_LOADS_PAGES (comma-separated starts of their names, "Calls,Items"), or
 * all: to compare two builds on the pages a change is about, in less of a shared machine's time.
 */
function onlyPages(pages: ColdLoadPage[]): ColdLoadPage[] {
  const wanted = (process.env.COLD_LOADS_PAGES ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (wanted.length === 0) return pages;
  return pages.filter((page) => wanted.some((name) => page.name.toLowerCase().startsWith(name)));
}

const reps = (profile: Profile) => (profile.name === "quick" ? 3 : 10);

/** Of a sample: when the last code file it waited for arrived, and its data requests' span. */
function critical(sample: ColdLoadSample) {
  const code = sample.requests.filter((r) => r.kind === "code");
  const data = sample.requests.filter((r) => r.kind === "data");
  return {
    codeFiles: code.length,
    codeEndMs: Math.max(...code.map((r) => r.endMs)),
    dataStartMs: data.length ? Math.min(...data.map((r) => r.startMs)) : Number.NaN,
    dataEndMs: data.length ? Math.max(...data.map((r) => r.endMs)) : Number.NaN,
  };
}

function median(values: number[]): number {
  return summarize(values.filter((v) => !Number.isNaN(v))).p50;
}

function pageRow({ page, outcome }: Measured): string[] {
  if (outcome.state !== "measured")
    return [page.name, page.content, outcome.state === "error" ? outcome.error : "not built yet", "", "", "", "", ""];
  const s = outcome.samples;
  const content = summarize(s.map((x) => x.contentMs));
  const facts = s.map(critical);
  const busy = s.filter((x) => !x.startedQuiet).length;
  return [
    page.name,
    page.content,
    `${ms(content.p50)} / ${ms(content.p95)}${busy ? ` (${busy} started busy)` : ""}`,
    ms(median(s.map((x) => x.scriptsMs))),
    `${median(facts.map((f) => f.codeFiles))} · ${ms(median(facts.map((f) => f.codeEndMs)))}`,
    `${ms(median(facts.map((f) => f.dataStartMs)))} – ${ms(median(facts.map((f) => f.dataEndMs)))}`,
    content.p50 < COLD_LOAD_BUDGET_MS ? "✅" : "❌",
  ];
}

function summaryRow({ page, outcome }: Measured): SummaryRow {
  const benchmark = `Browser: ${page.name}, cold load → ${page.content} painted (median)`;
  const budget = `< ${COLD_LOAD_BUDGET_MS} ms`;
  if (outcome.state !== "measured") {
    const result = outcome.state === "error" ? outcome.error : "not built yet";
    return { benchmark, result, budget, verdict: outcome.state };
  }
  const content = summarize(outcome.samples.map((x) => x.contentMs));
  const result = `${ms(content.p50)} median of ${content.n} (p95 ${ms(content.p95)})`;
  return { benchmark, result, budget, verdict: against(content.p50, COLD_LOAD_BUDGET_MS) };
}

/** The requests of the page's median load, to read the waterfall: what waited for what. */
function waterfall({ page, outcome }: Measured): string {
  if (outcome.state !== "measured") return "";
  const sorted = [...outcome.samples].sort((a, b) => a.contentMs - b.contentMs);
  const sample = sorted[Math.floor((sorted.length - 1) / 2)] as ColdLoadSample;
  return [
    `**${page.name}** (the median load: content painted at ${ms(sample.contentMs)}, DOMContentLoaded ${ms(sample.scriptsMs)})`,
    "",
    table(
      ["request", "kind", "start", "end"],
      sample.requests.map((r) => [
        `\`${r.path.length > 90 ? `${r.path.slice(0, 90)}…` : r.path}\``,
        r.kind,
        ms(r.startMs),
        ms(r.endMs),
      ]),
    ),
  ].join("\n");
}

const errorOutcome = (error: unknown): ColdLoadOutcome => ({
  state: "error",
  error: error instanceof Error ? error.message : String(error),
});

async function orError(run: () => Promise<ColdLoadOutcome>): Promise<ColdLoadOutcome> {
  try {
    return await run();
  } catch (error) {
    return errorOutcome(error);
  }
}

/**
 * Cold loads of every page of the issue's list, each to its first meaningful content. With
 * COLD_LOADS_BASELINE_DIST, each page's loads alternate with the same page from that build
 * (side-by-side.ts), on a second server over `databaseFile`.
 */
export async function coldLoadsPart(
  origin: string,
  manifest: ServerDbManifest,
  profile: Profile,
  databaseFile: string,
): Promise<PartOutput> {
  const pages = onlyPages(coldLoadPages(manifest, await reviewItemId(origin, manifest)));
  const baselineDir = baselineDistDir(COLD_LOADS_BASELINE_VARIABLE);
  let baseline: BenchServer | null = null;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Playwright passes its own headless flag.
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
  const measured: Measured[] = [];
  const compared: { page: ColdLoadPage; result: SideBySide }[] = [];
  try {
    if (baselineDir) baseline = await startBaselineServer(databaseFile, baselineDir);
    for (const page of pages) {
      let outcome: ColdLoadOutcome;
      if (baseline) {
        const origins = { baseline: baseline.url, current: origin };
        const result = await measureSideBySide(browser, origins, manifest, page, reps(profile)).catch(
          (error: unknown): SideBySide => ({ baseline: errorOutcome(error), current: errorOutcome(error) }),
        );
        compared.push({ page, result });
        if (result.baseline.state === "measured")
          console.info(
            `    ${page.name}: baseline median ${summarize(result.baseline.samples.map((x) => x.contentMs)).p50} ms`,
          );
        outcome = result.current;
      } else {
        outcome = await orError(() => measureColdLoad(browser, origin, manifest, page, reps(profile)));
      }
      if (outcome.state === "measured")
        console.info(`    ${page.name}: median ${summarize(outcome.samples.map((x) => x.contentMs)).p50} ms`);
      else console.info(`    ${page.name}: ${outcome.state === "error" ? outcome.error : outcome.state}`);
      measured.push({ page, outcome });
    }
  } finally {
    await browser.close();
    await baseline?.stop();
  }
  const markdown = [
    "## Cold loads of every page (Playwright, Chromium, 1280×800)",
    "",
    `Each page opened ${reps(profile)} times, each in a new browser context (no HTTP or code cache) as a returning user (key, settings and training registry in storage), from navigation start to the animation frame after the one that first shows the page's first meaningful content (named per page). Each load starts once the machine's CPUs, together, were at least 80% idle over 250 ms (bench/lib/cpu-quiet.ts), as for the catalog's cold load. "Code" is how many JavaScript files arrived before the content and when the last of them ended; "data" the first service request's start and the last one's end before the content (medians).`,
    "",
    table(
      [
        "page",
        "first meaningful content",
        "median / p95",
        "DOMContentLoaded",
        "code: files · last end",
        "data: first start – last end",
        `< ${COLD_LOAD_BUDGET_MS} ms`,
      ],
      measured.map(pageRow),
    ),
    "",
    ...(baselineDir ? [sideBySideTable(compared, baselineDir), ""] : []),
    "### The requests of each page's median load",
    "",
    measured.map(waterfall).filter(Boolean).join("\n\n"),
  ].join("\n");
  return { summary: measured.map(summaryRow), markdown, data: { coldLoads: measured } };
}
