import { expect, expectNoAxeViolations, test } from "./fixtures";
import { BIG_QUEUE_NAME, PROJECT, queueIdByName, useDemoProject } from "./queues-support";

// Insights of the demo's 10,000-item tone queue: read and computed in the browser from the
// queue's items and the answers on its calls (the demo seed has two annotators' Tone ratings on
// some hundreds of items).

// The journey runs in the light theme; the dark theme's colours are checked by axe in the phone test below.
for (const theme of ["light"] as const) {
  test.describe(`queue insights, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useDemoProject(page, { theme });
    });

    test("opens from the items page, shows the charts and agreement, and opens a disputed item's review", async ({
      page,
      request,
    }) => {
      test.slow();
      const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
      await page.goto(`/queues/${queueId}`);
      await page.getByRole("link", { name: "Insights" }).click();
      await expect(page).toHaveURL(`/queues/${queueId}/insights?annotation_project=${encodeURIComponent(PROJECT)}`);
      await expect(page.getByRole("heading", { level: 1, name: `Insights: ${BIG_QUEUE_NAME}` })).toBeVisible();

      // The read reports its progress, then the panels appear.
      const agreement = page.getByRole("table", { name: /Agreement between annotators per question/ });
      await expect(agreement).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(/^10,000 items/)).toBeVisible();

      // Tone is each annotator's own rating: alpha is a number, and rests on hundreds of items.
      const tone = agreement.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Tone" }) });
      await expect(tone.getByRole("cell").first()).toHaveText(/^-?[01]\.\d{3}$/);
      await expect(tone).toContainText("Ordinal (ranked ratings)");
      // Comments are free text: left out, and the table says so.
      await expect(
        agreement.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Comment" }) }),
      ).toContainText("Free text");

      // The chart of completions draws on a canvas, with a legend and the table beside it.
      const chart = page.getByRole("img", { name: /Items completed per day by \d annotators/ });
      await expect(chart).toBeVisible();
      await expect(chart.locator("canvas")).toHaveCount(1);
      await expect(page.getByRole("list", { name: "Annotators" }).getByRole("listitem")).toHaveCount(3);
      await page.getByText("Show the numbers as a table").click();
      await expect(page.getByRole("table", { name: "Items completed per annotator per day" })).toBeVisible();

      await expect(
        page.getByRole("figure", { name: "Resolution" }).getByRole("rowheader", { name: "Made it worse" }),
      ).toBeVisible();

      await expectNoAxeViolations(page);

      const disputed = page.getByRole("table", { name: /Items where annotators disagree most/ });
      const first = disputed.getByRole("link").first();
      const label = (await first.getAttribute("aria-label")) ?? "";
      const itemId = label.replace("Review item ", "");
      expect(itemId).not.toBe("");
      await first.click();
      await expect(page).toHaveURL(new RegExp(`/queues/${queueId}/items/${itemId}`));
      await expect(page.getByRole("heading", { level: 1, name: /^Item [\d,]+ of 10,000$/ })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Annotate" })).toBeVisible();

      // Coming back is instant: the figures are cached.
      await page.goBack();
      await expect(agreement).toBeVisible({ timeout: 2_000 });
    });
  });
}

test("fits phones to wide screens without scrolling sideways, and passes axe at a phone's width", async ({
  page,
  request,
}) => {
  test.slow();
  await useDemoProject(page, { theme: "dark" });
  const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/queues/${queueId}/insights`);
  await expect(page.getByRole("table", { name: /Agreement between annotators per question/ })).toBeVisible({
    timeout: 60_000,
  });
  await expectNoAxeViolations(page);
  for (const width of [390, 768, 1366, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `sideways scroll at ${width} px`,
      })
      .toBe(0);
  }
});
