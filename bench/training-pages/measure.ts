import { chromium, type Page } from "playwright-core";
import { SERVICE_PATHS } from "../../server/app";
import { TRAINING_SEED } from "../../server/seed/training-seed";
import { REGISTRY_KEY_PREFIX } from "../../src/features/training/registry/registry-store";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/browser";
import { signedInStorage, writeStorage } from "../lib/dashboard-storage";
import { createRuns, waitFinished } from "./fixtures";

/**
 * The training pages' timings, against a running dashboard and local services
 * (`npx tsx bench/training-pages/measure.ts http://127.0.0.1:4534 [reps]`):
 * - job page by direct URL (a returning user's fresh load) to its first chart drawn: the
 *   `training-charts-first-drawn` mark (charts/render-timing.ts), from navigation start;
 * - a comparison of 8 jobs of 10,000 steps each: the drawing pass of all its charts after every
 *   job's events were read, and a full redraw (a smoothing change), from `training-compare` measures.
 */

const STEPS = 10_000;
const JOBS = 8;

function storage(origin: string): Record<string, string> {
  const addedAt = "2026-11-20T10:00:00.000Z";
  const registry = {
    models: [
      {
        id: TRAINING_SEED.models.supportRl,
        entity: "demo",
        project: "support-bot",
        name: "support-rl",
        base_model: "OpenPipe/Qwen3-14B-Instruct",
        added_at: addedAt,
        source: "opened",
      },
    ],
    jobs: [
      {
        id: TRAINING_SEED.jobs.supportRl,
        model_id: TRAINING_SEED.models.supportRl,
        kind: "rl",
        added_at: addedAt,
        source: "opened",
      },
    ],
  };
  return {
    ...signedInStorage(),
    [`${REGISTRY_KEY_PREFIX}${origin}${SERVICE_PATHS.training}`]: JSON.stringify(registry),
  };
}

/** Runs in the page: ends of the given measures, from navigation start. */
function measureEnds(name: string): { end: number; duration: number }[] {
  return performance
    .getEntriesByName(name, "measure")
    .map((m) => ({ end: m.startTime + m.duration, duration: m.duration }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs in the page: when the first chart was drawn (charts/render-timing.ts marks it), from navigation start. */
function firstDrawnAt(): number | null {
  return performance.getEntriesByName("training-charts-first-drawn", "mark")[0]?.startTime ?? null;
}

async function firstChart(page: Page, path: string): Promise<number> {
  await page.goto(path);
  const handle = await page.waitForFunction(firstDrawnAt, undefined, { timeout: 30_000, polling: "raf" });
  return (await handle.jsonValue()) as number;
}

async function main() {
  const origin = process.argv[2] ?? "http://127.0.0.1:4534";
  const reps = Number(process.argv[3] ?? 7);
  const training = `${origin}${SERVICE_PATHS.training}`;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: origin });
  await context.addInitScript(writeStorage, storage(origin));
  const page = await context.newPage();

  const jobPath = `/training/jobs/${TRAINING_SEED.jobs.supportRl}`;
  if (reps > 0) await firstChart(page, jobPath); // warm the server and the HTTP cache as a returning user's
  const firsts: number[] = [];
  for (let i = 0; i < reps; i += 1) firsts.push(await firstChart(page, jobPath));
  if (reps > 0)
    console.info(
      `job page, first chart drawn: median ${median(firsts).toFixed(0)} ms (${firsts.map((v) => v.toFixed(0)).join(", ")})`,
    );

  if (process.argv[4] === "job-page-only") return browser.close();
  // COMPARE_JOBS=a,b,…: jobs of 10,000 steps made by an earlier run (making them takes minutes).
  const given = process.env.COMPARE_JOBS?.split(",").map((jobId) => ({ jobId, modelId: "" }));
  const runs = given ?? (await createRuns(training, JOBS, STEPS));
  await waitFinished(
    training,
    runs.map((r) => ({ jobId: r.jobId, steps: STEPS })),
    15 * 60_000,
  );
  console.info(`compare jobs: ${runs.map((r) => r.jobId).join(",")}`);
  const comparePath = `/training/compare?jobs=${runs.map((r) => r.jobId).join(",")}`;
  const passes: number[] = [];
  const redraws: number[] = [];
  for (let i = 0; i < Number(process.env.COMPARE_REPS ?? 3); i += 1) {
    await page.goto(comparePath);
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid="compare-legend-entry"]').length === n &&
        Array.from(document.querySelectorAll('[data-testid="compare-legend-entry"]')).every((e) =>
          e.textContent?.includes("10,000 steps"),
        ),
      JOBS,
      { timeout: 120_000, polling: 250 },
    );
    await page.waitForTimeout(800);
    const afterLoad = await page.evaluate(measureEnds, "training-compare");
    passes.push(afterLoad.at(-1)!.duration);
    await page.getByRole("slider", { name: "Smoothing" }).press("ArrowRight");
    await page.waitForFunction(
      (count) => performance.getEntriesByName("training-compare", "measure").length > count,
      afterLoad.length,
      { timeout: 10_000 },
    );
    redraws.push((await page.evaluate(measureEnds, "training-compare")).at(-1)!.duration);
  }
  console.info(
    `compare ${JOBS} x ${STEPS} steps, last pass after load: median ${median(passes).toFixed(1)} ms (${passes.map((v) => v.toFixed(1)).join(", ")})`,
  );
  console.info(
    `compare ${JOBS} x ${STEPS} steps, redraw on a smoothing change: median ${median(redraws).toFixed(1)} ms (${redraws.map((v) => v.toFixed(1)).join(", ")})`,
  );
  await browser.close();
}

await main();
