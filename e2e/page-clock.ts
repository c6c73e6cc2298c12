import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Waits for `locator` to be visible while moving the page's clock on in steps: retry back-offs and
 * request timeouts (the app's own timers) pass without a worker waiting them out in real time. The
 * page's clock must have been installed (`page.clock.install()`) before the page loaded; it keeps
 * running in real time between steps, so requests in flight are answered as usual.
 */
export async function moveClockUntilVisible(
  page: Page,
  locator: Locator,
  { stepMs = 1_000, timeout = 15_000 }: { stepMs?: number; timeout?: number } = {},
): Promise<void> {
  await expect(async () => {
    if (!(await locator.isVisible())) await page.clock.fastForward(stepMs);
    await expect(locator).toBeVisible({ timeout: 200 });
  }).toPass({ timeout, intervals: [0] });
}
