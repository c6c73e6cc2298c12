import { expect, test } from "./fixtures";

// The suite reuses one browser context per worker (playwright.config.ts). These two run in order in one
// worker: the first leaves behind what Playwright's reset does not clear, the second finds none of it.
// Without e2e/reused-context.ts the network is still off and the second test's first page load fails.
test.describe.configure({ mode: "serial" });

/** The first test's tab history: a reused tab keeps it (Playwright does not reset history), a new one starts at 1. */
let historyOfFirst = 0;

test("a test leaves a handler, storage, the network off and a permission granted", async ({ page, context }) => {
  await page.goto("/settings");
  historyOfFirst = await page.evaluate(() => history.length);
  await page.evaluate(() => {
    window.localStorage.setItem("left-behind", "1");
    window.sessionStorage.setItem("left-behind", "1");
  });
  page.on("dialog", (dialog) => void dialog.accept());
  await context.grantPermissions(["clipboard-read"]);
  await context.setOffline(true);
});

test("the next test in the same context finds none of it", async ({ page }) => {
  await page.goto("/settings");
  const state = await page.evaluate(async () => ({
    reused: history.length,
    online: navigator.onLine,
    local: window.localStorage.getItem("left-behind"),
    session: window.sessionStorage.getItem("left-behind"),
    clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
  }));
  expect(state.reused, "the tab is reused (the speed-up is on)").toBeGreaterThan(historyOfFirst);
  expect(state).toEqual({ reused: state.reused, online: true, local: null, session: null, clipboard: "prompt" });
  // No handler: Playwright dismisses a confirm by itself, so it answers false.
  expect(await page.evaluate(() => window.confirm("left behind?"))).toBe(false);
});
