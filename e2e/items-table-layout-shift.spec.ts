import { expect, test } from "./fixtures";
import { describeShifts, forgetShifts, MAX_SHIFT, recordShifts, shiftsSoFar } from "./layout-shifts";
import { BIG_QUEUE_NAME, queueIdByName, useDemoProject } from "./queues-support";

/**
 * A queue's page must not move under the reader while its later reads arrive: the team settings' line under the
 * queue's name and the claims of the rows in progress ("since Oct 29 · stale") come after the first rows, and each
 * has its place from the first paint. Those reads are held back here until the rows are painted, so they always
 * come last, as on a slow network: without the reserved places the whole table would move down by the settings'
 * line, and every in-progress row would grow by its claim's line.
 */

/** How long the page is left with its rows painted and the team settings and its feedback (answers, claims) held. */
const HELD_MS = 300;

/** A promise and what resolves it (Promise.withResolvers needs Node 22). */
function gate(): { released: Promise<void>; release: () => void } {
  const settle: { resolve?: () => void } = {};
  const released = new Promise<void>((resolve) => (settle.resolve = resolve));
  return { released, release: () => settle.resolve?.() };
}

/** The reads held back: the team settings (an objects query) and the page's answers and claims (a feedback query). */
const held = (url: URL) => /\/api\/trace\/(objs|feedback)\/query$/.test(url.pathname);

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the queue's page keeps its place while its team settings and claims arrive`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await useDemoProject(page);
    await recordShifts(page);
    const { released, release } = gate();
    await page.route(held, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/queues/${await queueIdByName(request, BIG_QUEUE_NAME)}`);
    await expect(page.locator("table tbody tr[data-item-row]").first()).toBeVisible();
    // The rows are painted and neither held read is in: what follows is what the test is about.
    await page.waitForTimeout(HELD_MS);
    await expect(page.getByText(/claims expire after/)).toHaveCount(0);
    await expect(page.getByText(/^since /)).toHaveCount(0);
    // Only what the held reads move is counted: the queue's own read may land after the first paint on a slow
    // machine (its description then moves the page; not what this test holds).
    await forgetShifts(page);
    release();
    await expect(page.getByText(/claims expire after/)).toBeVisible();
    await expect(page.getByText(/^since /).first()).toBeVisible();
    const { total, described } = describeShifts(await shiftsSoFar(page));
    expect(total, described).toBeLessThan(MAX_SHIFT);
  });
}
