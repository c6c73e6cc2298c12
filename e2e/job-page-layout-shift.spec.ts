import type { Page } from "@playwright/test";
import { TRAINING_SEED } from "../server/seed/training-seed";
import { REGISTRY_KEY_PREFIX } from "../src/features/training/registry/registry-store";
import { expect, presetTheme, test } from "./fixtures";
import { presetKey } from "./fixtures/training-flows";

/**
 * The seeded finished RL job's page must not move under the reader while it loads: the charts, the
 * facts and the header take their final places from the first paint. The page's layout does not
 * depend on timing (what arrives first is drawn in a box of its final size), so the sum of the
 * layout shifts the browser reports is a fixed figure, checked at a desktop and a phone width in
 * both themes, for a job this browser has not opened before (no model known yet) and for one it
 * has (the model linked from the start).
 */

const JOB = TRAINING_SEED.jobs.supportRl;
const MODEL = TRAINING_SEED.models.supportRl;
/** Lighthouse's "good" is under 0.1; a page that reserves its boxes scores 0 but for text reflowing. */
const MAX_SHIFT = 0.01;

type Shift = { value: number; sources: string[] };

/** Records every layout shift not caused by input, with what moved, from the page's first script on. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node: Node | null }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          if (!(node instanceof Element)) return node?.nodeName ?? "?";
          return `${node.tagName.toLowerCase()} "${(node.textContent ?? "").slice(0, 40)}"`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** A registry that knows the job and its model, as after opening the job once. */
async function presetKnownJob(page: Page): Promise<void> {
  await page.addInitScript(
    ({ prefix, job, model }) => {
      const addedAt = "2026-11-20T10:00:00.000Z";
      const registry = {
        models: [
          {
            id: model,
            entity: "demo",
            project: "support-bot",
            name: "support-rl",
            base_model: "OpenPipe/Qwen3-14B-Instruct",
            added_at: addedAt,
            source: "opened",
          },
        ],
        jobs: [{ id: job, model_id: model, kind: "rl", added_at: addedAt, source: "opened" }],
      };
      window.localStorage.setItem(`${prefix}${window.location.origin}/api/training/v1`, JSON.stringify(registry));
    },
    { prefix: REGISTRY_KEY_PREFIX, job: JOB, model: MODEL },
  );
}

async function loadedShifts(page: Page): Promise<Shift[]> {
  await page.goto(`/training/jobs/${JOB}`);
  await expect(page.getByText(/Finished: all \d+ events read/)).toBeVisible();
  await expect(page.locator("figure[data-metric] canvas").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Event log" })).toBeVisible();
  // Two frames: a shift is reported once the frame that caused it is laid out.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

const CASES = [
  { width: 1366, height: 900, theme: "light", known: false },
  { width: 1366, height: 900, theme: "dark", known: false },
  { width: 390, height: 844, theme: "light", known: false },
  { width: 390, height: 844, theme: "dark", known: false },
  { width: 1366, height: 900, theme: "light", known: true },
  { width: 390, height: 844, theme: "dark", known: true },
] as const;

for (const { width, height, theme, known } of CASES) {
  test(`the job page does not shift while it loads (${width} px, ${theme}, ${known ? "known" : "new"} job)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await presetKey(page);
    await presetTheme(page, theme);
    if (known) await presetKnownJob(page);
    await recordShifts(page);
    const shifts = await loadedShifts(page);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    const described = shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join(", ")}`).join("\n");
    expect(total, `layout shifts:\n${described}`).toBeLessThan(MAX_SHIFT);
  });
}
