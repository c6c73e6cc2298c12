import { expect, test } from "./fixtures";
import { presetKey } from "./fixtures/training-flows";

const SEEDED_RL = "job_5eed00000000a001";
const SEEDED_SFT = "job_5eed00000000a003";

test("a comparison's zoom, smoothing, charts and facts toggle are in the address, and a reload restores them", async ({
  page,
}) => {
  await presetKey(page);
  await page.goto(`/training/compare?jobs=${SEEDED_RL},${SEEDED_SFT}`);
  const reward = page.locator('figure[data-metric="reward"]');
  await expect(reward.locator("canvas")).toBeVisible();

  // Zoom by dragging across the reward chart.
  const over = reward.locator(".u-over");
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + 40, { steps: 4 });
  await page.mouse.up();
  const zoomNote = page.getByText(/^Job steps \d+–\d+$/);
  await expect(zoomNote).toBeVisible();
  const zoomed = await zoomNote.textContent();
  await expect(page).toHaveURL(/[?&]zoom=\d+(\.\d+)?-\d+(\.\d+)?/);

  // Smoothing, a chart left out, only the facts that differ.
  const slider = page.getByRole("slider", { name: "Smoothing" });
  await slider.fill("0.3");
  await page.getByTestId("metric-picker").getByText("loss", { exact: true }).click();
  const onlyDiffering = page.getByRole("checkbox", { name: /Only the facts that differ/ });
  await onlyDiffering.click();
  await expect(onlyDiffering).toBeChecked();
  await expect(page).toHaveURL(/smooth=0\.3/);
  await expect(page).toHaveURL(new RegExp(`jobs=${SEEDED_RL},${SEEDED_SFT}&`));
  await expect(page.locator('figure[data-metric="loss"]')).toHaveCount(0);

  await page.reload();
  await expect(reward.locator("canvas")).toBeVisible();
  await expect(page.getByText(/^Job steps \d+–\d+$/)).toHaveText(zoomed!);
  await expect(page.getByRole("slider", { name: "Smoothing" })).toHaveValue("0.3");
  await expect(page.locator('figure[data-metric="loss"]')).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /Only the facts that differ/ })).toBeChecked();
  const facts = page.getByRole("table", { name: "Facts of the compared jobs, side by side" });
  await expect(facts.getByRole("rowheader", { name: "Kind" })).toBeVisible();
  await expect(facts.getByRole("rowheader", { name: "Started" })).toHaveCount(0);

  // Back undoes the last change (the facts toggle), Reset zoom takes the zoom out of the address.
  await page.goBack();
  await expect(page.getByRole("checkbox", { name: /Only the facts that differ/ })).not.toBeChecked();
  await page.getByRole("button", { name: "Reset zoom" }).click();
  await expect(page.getByText("All steps")).toBeVisible();
  await expect(page).not.toHaveURL(/zoom=/);
  // The comparison's axe pass is in training-compare.spec.ts, with every chart shown.
});
