import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The suite reuses one browser context per worker (playwright.config.ts). These two run in order in one
// worker: the first leaves behind what Playwright's reset does not clear, the second finds none of it.
// Without e2e/reused-context.ts the network is still off and the second test's first page load fails.
test.describe.configure({ mode: "serial" });

/** The browser's id of the tab the page is in: the same tab keeps it through every navigation. */
async function tabId(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  await cdp.detach();
  return targetInfo.targetId;
}

let tabOfFirst = "";

test("a test leaves a handler, storage, the network off and a permission granted", async ({ page, context }) => {
  tabOfFirst = await tabId(page);
  await page.goto("/settings");
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
    online: navigator.onLine,
    local: window.localStorage.getItem("left-behind"),
    session: window.sessionStorage.getItem("left-behind"),
    clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
  }));
  expect(await tabId(page), "the tab is reused (the speed-up is on)").toBe(tabOfFirst);
  expect(state).toEqual({ online: true, local: null, session: null, clipboard: "prompt" });
  // No handler: Playwright dismisses a confirm by itself, so it answers false.
  expect(await page.evaluate(() => window.confirm("left behind?"))).toBe(false);
});
