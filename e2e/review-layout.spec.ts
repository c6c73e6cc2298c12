import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BIG_QUEUE_NAME, queryItems, queueIdByName, useDemoProject } from "./queues-support";

// Where the review puts what an annotator reads and what they answer, on a laptop and a tablet:
// walking the questions by key never hides the highlighted one under the sticky actions, nor
// scrolls the call away; a tablet's first screen shows some of the call.

async function openFirstItem(
  page: Page,
  request: Parameters<typeof queueIdByName>[0],
  viewport: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize(viewport);
  const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
  const [item] = await queryItems(request, queueId, { limit: 1 });
  await page.goto(`/queues/${queueId}/items/${item!.id}`);
  await expect(page.getByRole("group", { name: "Tone" })).toBeVisible();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not laid out");
  return found;
}

test("at 1366×768, j and k keep the highlighted question below the sticky actions and the call's display fields on screen", async ({
  page,
  request,
}) => {
  await useDemoProject(page);
  await openFirstItem(page, request, { width: 1366, height: 768 });
  const bar = page.getByRole("group", { name: "Set the item's state" }).locator("xpath=..");
  const highlighted = page.locator("[data-active-spec]");
  const firstField = page.getByRole("region", { name: /^inputs\./ }).first();
  // Down to the last question (the comment), then back up, a key every 100 ms as a practised annotator does.
  for (const key of ["j", "j", "j", "k", "k", "k"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(100);
    const question = await box(highlighted);
    const actions = await box(bar);
    expect(question.y, `after ${key}: the highlighted question starts under the sticky actions`).toBeGreaterThanOrEqual(
      actions.y + actions.height - 1,
    );
    expect(question.y + question.height, `after ${key}: the highlighted question ends off screen`).toBeLessThanOrEqual(
      768 + 1,
    );
    await expect(firstField, `after ${key}: the call scrolled away`).toBeInViewport({ ratio: 0.5 });
  }
});

test("at 768 px the first screen shows the call's display fields, and j brings a question into view below the actions", async ({
  page,
  request,
}) => {
  await useDemoProject(page);
  await openFirstItem(page, request, { width: 768, height: 1024 });
  await expect(page.getByRole("region", { name: /^inputs\./ }).first()).toBeInViewport();
  for (const key of ["j", "j", "j"]) await page.keyboard.press(key);
  await page.waitForTimeout(200);
  const question = await box(page.locator("[data-active-spec]"));
  const actions = await box(page.getByRole("group", { name: "Set the item's state" }).locator("xpath=.."));
  expect(question.y).toBeGreaterThanOrEqual(actions.y + actions.height - 1);
  expect(question.y + question.height).toBeLessThanOrEqual(1024 + 1);
});
