import { expect, test } from "./fixtures";
import { BIG_QUEUE_NAME, useDemoProject } from "./queues-support";

// Back or Forward while the browser is offline loads the dashboard from the browser's cache. That page must know it is
// offline from its start: say so, hold its reads rather than fail them, and read by itself once the connection is back.

test("a page loaded offline by Back says so, holds its reads, and reads by itself when the connection returns", async ({
  page,
  context,
}) => {
  await useDemoProject(page);
  await page.goto("/queues");
  await expect(page.getByRole("link", { name: BIG_QUEUE_NAME })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");

  await context.setOffline(true);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Annotation queues");
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
  // Held, not failed: no error to retry by hand.
  await expect(page.getByText("Loading queues…")).toBeVisible();
  await expect(page.getByText(/Could not reach/)).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole("link", { name: BIG_QUEUE_NAME })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toHaveCount(0);
});
