import type { Page } from "@playwright/test";
import { TRAINING_SEED } from "../server/seed/training-seed";
import { REGISTRY_KEY_PREFIX } from "../src/features/training/registry/registry-store";
import { expect, presetTheme, test } from "./fixtures";
import { presetKey } from "./fixtures/training-flows";
import { describeShifts, MAX_SHIFT, recordShifts, shiftsSoFar, type Shift } from "./layout-shifts";

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
  return shiftsSoFar(page);
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
    const { total, described } = describeShifts(shifts);
    expect(total, described).toBeLessThan(MAX_SHIFT);
  });
}
