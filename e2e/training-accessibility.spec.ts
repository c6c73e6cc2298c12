import { expect, expectNoAxeViolationsInBothThemes, followSystemScheme, test } from "./fixtures";
import {
  createModelThroughUi,
  presetKey,
  startRlJobThroughUi,
  TRAJECTORIES,
  uniqueName,
} from "./fixtures/training-flows";

// Each state is checked in the light theme and then in the dark one, in place (the theme follows the
// system scheme, which switches without a reload): one walk, one model and one job for both themes.
test("every training page has no WCAG 2.1 AA violations, light and dark themes", async ({ page }) => {
  test.setTimeout(90_000);
  await followSystemScheme(page);
  await presetKey(page);

  // Models, with the create form showing its checks.
  await page.goto("/training/models");
  await page.getByRole("form", { name: "Create a model" }).getByRole("button", { name: "Create model" }).click();
  await expect(page.getByRole("form", { name: "Create a model" }).getByText("must not be empty").first()).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);

  const name = uniqueName("axe");
  const modelId = await createModelThroughUi(page, name);

  // New job with a malformed file's report.
  await page.getByRole("link", { name: "Start a job" }).click();
  await page.getByLabel("Choose or drop a trajectory file").setInputFiles(TRAJECTORIES.malformed);
  await expect(page.getByRole("region", { name: /problems in/ })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
  await page.getByText("from a dataset of chat examples").click();
  await expect(page.getByRole("radio", { name: /SFT/ })).toBeChecked();
  await page.getByRole("button", { name: "Start SFT job" }).click();
  await expect(page.getByText(/Use wandb-artifact:/)).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);

  // A finished job: header, charts, event log with an event's data open.
  await page.goto(`/training/models/${modelId}`);
  const jobId = await startRlJobThroughUi(page, TRAJECTORIES.six, 6);
  await expect(page.getByText(/Finished: all 8 events read/)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('figure[data-metric="reward"] canvas').first()).toBeVisible();
  await page
    .getByRole("table", { name: "Training events in the order they happened" })
    .getByRole("button")
    .last()
    .click();
  await expectNoAxeViolationsInBothThemes(page);

  // The jobs list.
  await page.goto("/training");
  await expect(page.getByRole("row").filter({ hasText: jobId })).toContainText("Succeeded");
  await expectNoAxeViolationsInBothThemes(page);

  // A model's checkpoints, and the confirm dialog of a deletion.
  await page.goto(`/training/models/${modelId}`);
  const table = page.getByRole("table", { name: /Checkpoints/ });
  await expect(table.getByRole("rowheader")).toHaveCount(6);
  await expectNoAxeViolationsInBothThemes(page);
  await table.getByRole("checkbox", { name: "Select step 1" }).check();
  await page.getByRole("button", { name: "Delete selected (1)" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  // The service status indicator's detail.
  await page.getByRole("button", { name: "Training service OK" }).click();
  await expect(page.getByRole("link", { name: "All service checks" })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
});
