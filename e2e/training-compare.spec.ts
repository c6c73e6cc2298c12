import { readFile } from "node:fs/promises";
import { colourTransitionsDone, expect, expectNoAxeViolations, test } from "./fixtures";
import { presetKey } from "./fixtures/training-flows";

const SEEDED_RL = "job_5eed00000000a001";
const SEEDED_SFT = "job_5eed00000000a003";

// Pick seeded jobs in the list, compare them, download their metrics, axe in each theme.
test("compares two seeded jobs from the jobs list and downloads their metrics as CSV", async ({ page }) => {
  await presetKey(page);
  await page.goto("/training");
  const table = page.getByRole("table", { name: "Training jobs this browser created or opened" });
  await expect(table.getByRole("link", { name: SEEDED_SFT })).toBeVisible();
  await table.getByRole("checkbox", { name: `Compare job ${SEEDED_RL}` }).check();
  await table.getByRole("checkbox", { name: `Compare job ${SEEDED_SFT}` }).check();
  await page.getByRole("link", { name: "Compare 2 jobs" }).click();

  await expect(page).toHaveURL(`/training/compare?jobs=${SEEDED_RL},${SEEDED_SFT}`);
  const legend = page.getByRole("list", { name: "Compared jobs" });
  await expect(legend.getByText("Succeeded")).toHaveCount(2);
  // A chart per metric of either job: reward (RL only) and loss (both) among them.
  await expect(page.locator('figure[data-metric="reward"] canvas').first()).toBeVisible();
  await expect(page.locator('figure[data-metric="loss"] canvas').first()).toBeVisible();
  const facts = page.getByRole("table", { name: "Facts of the compared jobs, side by side" });
  await expect(facts.getByRole("row", { name: /Base model/ })).toContainText("Qwen/Qwen2.5-7B-Instruct");

  // Zoom one chart: all follow, and Reset zoom (by keyboard) shows every step again.
  const over = page.locator('figure[data-metric="reward"] .u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + 40, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByText(/^Job steps \d+–\d+$/)).toBeVisible();
  await page.getByRole("button", { name: "Reset zoom" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("All steps")).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("training-metrics-2-jobs.csv");
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(lines[0]).toMatch(/^job_id,job_step,model_step,reward,loss,/);
  expect(lines.filter((line) => line.startsWith(`${SEEDED_RL},`))).toHaveLength(24);
  expect(lines.filter((line) => line.startsWith(`${SEEDED_SFT},`))).toHaveLength(5);

  await expectNoAxeViolations(page);
  // The jobs' palette has colours of its own per theme: axe once more in the dark one.
  await page.getByRole("radio", { name: "Dark" }).check();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await colourTransitionsDone(page);
  await expectNoAxeViolations(page, { colourOnly: true });
});
