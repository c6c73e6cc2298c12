import { DEMO_KEY, expect, test } from "./fixtures";

test("a page that needs a key sends the user to Settings and back after saving", async ({ page }) => {
  await page.goto("/status");
  await expect(page).toHaveURL(/\/settings\?returnTo=%2Fstatus$/);
  await expect(page.getByRole("note")).toContainText("An API key is needed to open /status");

  await page.getByLabel("API key", { exact: true }).fill(DEMO_KEY);
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole("heading", { name: "Service status", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Inference" }).getByText(/\d+ models available/)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Training" }).getByRole("list", { name: "System checks" }),
  ).toBeVisible();
});

test("a returnTo pointing off the site is ignored", async ({ page }) => {
  await page.goto("/settings?returnTo=https%3A%2F%2Fexample.com%2F");
  await expect(page.getByRole("note")).toHaveCount(0);
  await page.getByLabel("API key", { exact: true }).fill(DEMO_KEY);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?returnTo=/);
});
