import { expect, test } from "./fixtures";

test("an unknown address shows the not-found page inside the app", async ({ page }) => {
  await page.goto("/definitely/not/here");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · W&B Ops Dashboard");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
