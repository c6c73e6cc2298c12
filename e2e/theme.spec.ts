import { expect, test } from "./fixtures";

test("the chosen theme is applied to <html> and kept across reloads", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole("radio", { name: "Dark" }).check();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();

  await page.getByRole("radio", { name: "Light" }).check();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test("System follows the operating system's colour scheme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await page.getByRole("radio", { name: "System" }).check();
  const html = page.locator("html");
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test("the stored theme is on <html> before the app renders", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("wbops.theme", "dark"));
  // Record the class at the moment the app's first element appears (index.html's own loading words come first).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const first = document.getElementById("root")?.firstElementChild;
      if (first && !first.hasAttribute("data-boot-status")) {
        (window as unknown as { classAtFirstRender: string }).classAtFirstRender = document.documentElement.className;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { classAtFirstRender: string }).classAtFirstRender)).toContain(
    "dark",
  );
});

test("a dark theme on a light system is on <html> before the page has a body to paint", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.addInitScript(() => window.localStorage.setItem("wbops.theme", "dark"));
  // The class at the moment <body> is inserted: nothing can be painted before it, and no module script has run yet.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { classAtBody: string }).classAtBody =
        `${document.documentElement.className} ${document.documentElement.style.colorScheme}`;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toBe("dark dark");
});
