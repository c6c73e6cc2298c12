import { expect, expectNoAxeViolations, test } from "./fixtures";
import { presetKey } from "./fixtures/training-flows";

/** The seeded demo (README): a finished RL job of 24 steps, its model, and a job failed at once (one event). */
const SEEDED_RL = "job_5eed00000000a001";
const FAILED_AT_ONCE = "job_5eed00000000a004";
const SEEDED_MODEL = "model_5eed00000000a001";

test.beforeEach(async ({ page }) => {
  await presetKey(page);
});

test("on a 2560 px screen the training pages use the width for their charts and tables", async ({ page }) => {
  await page.setViewportSize({ width: 2560, height: 1200 });
  await page.goto(`/training/models/${SEEDED_MODEL}`);
  const table = page.getByRole("table", { name: /Checkpoints/ });
  await expect(table).toBeVisible();
  // A page of prose stops near 1,150 px; these pages go on to 1920 px.
  const nav = await page.getByRole("navigation", { name: "Training" }).boundingBox();
  expect(nav!.width).toBeGreaterThan(1800);
  // The checkpoint table fits: it does not scroll sideways beside empty space.
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
  await page.goto(`/training/jobs/${SEEDED_RL}`);
  const reward = page.locator('figure[data-metric="reward"]');
  await expect(reward).toBeVisible();
  expect((await reward.boundingBox())!.width).toBeGreaterThan(1800);
});

test.describe("at 390 px", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("the jobs list shows each job's state and progress beside its name", async ({ page }) => {
    await page.goto("/training");
    const link = page.getByRole("link", { name: SEEDED_RL });
    await link.scrollIntoViewIfNeeded();
    const cell = page.getByRole("cell").filter({ has: link });
    await expect(cell.getByText("Succeeded")).toBeInViewport();
    await expect(cell.getByText("24 / 24 steps")).toBeInViewport();
  });

  test("the event log keeps a column for the data, and an opened event shows where it was opened", async ({ page }) => {
    await page.goto(`/training/jobs/${SEEDED_RL}`);
    const log = page.getByRole("table", { name: "Training events in the order they happened" });
    await log.scrollIntoViewIfNeeded();
    const data = log.getByRole("columnheader", { name: "Data" });
    expect((await data.boundingBox())!.width).toBeGreaterThan(150);
    const started = log.getByRole("row").filter({ hasText: "training_started" });
    await expect(started.getByRole("cell").last()).toContainText("num_sequences");
    await started.getByRole("button", { name: /^training_started evt_/ }).click();
    await expect(page.getByRole("region", { name: /^Event evt_.+ as JSON$/ })).toBeInViewport();
    await expectNoAxeViolations(page);
  });
});

test("an event log of one event is as tall as its event, not a frame of empty space", async ({ page }) => {
  await page.goto(`/training/jobs/${FAILED_AT_ONCE}`);
  const frame = page.getByRole("region", { name: "Events, scrollable" });
  await expect(frame.getByRole("cell", { name: "training_failed" })).toBeVisible();
  expect((await frame.boundingBox())!.height).toBeLessThan(80);
});

test("the playground's View code is wide on a wide screen, and long lines scroll inside it", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(
    `/playground?${new URLSearchParams({ service: "inference", model: "openai/gpt-oss-20b" }).toString()}`,
  );
  await page.getByLabel("Message").fill(`A long question: ${"word ".repeat(60)}`);
  await page.getByRole("button", { name: "View code" }).click();
  const dialog = page.getByRole("dialog", { name: "This conversation as code" });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())!.width).toBeGreaterThan(1000);
  // The code's lines are not cut: its box scrolls sideways, inside the dialog.
  const code = dialog.locator("pre");
  const fits = await code.evaluate((pre) => ({
    scrolls: pre.scrollWidth > pre.clientWidth,
    inside: pre.getBoundingClientRect().right <= pre.closest("dialog")!.getBoundingClientRect().right,
  }));
  expect(fits).toEqual({ scrolls: true, inside: true });
});
