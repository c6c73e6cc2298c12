import { DEMO_KEY, expect, expectNoAxeViolationsInBothThemes, followSystemScheme, test } from "./fixtures";

const PAGES = [
  { path: "/", heading: "Overview" },
  { path: "/settings", heading: "Settings" },
  { path: "/no-such-page", heading: "Page not found" },
  { path: "/help/proxy", heading: "Reaching the services through a same-origin proxy" },
];

// Each page is checked in the light theme and then in the dark one, in place (the theme follows the
// system scheme, which switches without a reload): one load and one walk for both themes.
test.describe("axe, light and dark themes", () => {
  test.beforeEach(async ({ page }) => {
    await followSystemScheme(page);
  });

  for (const { path, heading } of PAGES) {
    test(`${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expectNoAxeViolationsInBothThemes(page);
    });
  }

  test("service status with a key has no violations", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem("wbops.apiKey", key), DEMO_KEY);
    await page.goto("/status");
    await expect(page.getByRole("region", { name: "Inference" }).getByText(/\d+ models available/)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
  });

  test("settings with errors, results and the confirm dialog have no violations", async ({ page }) => {
    await page.goto("/settings");
    await page.getByLabel("API key", { exact: true }).fill(DEMO_KEY);
    await page.getByLabel("Inference service URL").fill("http://127.0.0.1:9/v1");
    await page.getByLabel("Annotation project").fill("no-slash");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Not saved: 1 field needs attention.")).toBeVisible();
    await page.getByLabel("Annotation project").fill("");
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByRole("list", { name: "Connection test results" })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);

    await page.getByRole("button", { name: "Forget key" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
  });
});
