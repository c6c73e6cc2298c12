import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BIG_QUEUE_NAME, queueIdByName, useDemoProject } from "./queues-support";

/**
 * A queue's page must not move under the reader while its later reads arrive: the team settings' line under the
 * queue's name and the claims of the rows in progress ("since Oct 29 · stale") come after the first rows, and each
 * has its place from the first paint. Those reads are held back here, so they always come last, as on a slow
 * network: without the reserved places the whole table moved 20 px and in-progress rows grew a line (a layout shift
 * of 0.26, Lighthouse's performance 87).
 */

/** Lighthouse's "good" is under 0.1; a page that reserves its boxes scores 0. */
const MAX_SHIFT = 0.01;
/** How long the team settings and the page's feedback (answers and claims) are held back. */
const HELD_MS = 400;

type Shift = { value: number; sources: string[] };

/** The reads held back: the team settings (an objects query) and the page's answers and claims (a feedback query). */
const held = (url: URL) => /\/api\/trace\/(objs|feedback)\/query$/.test(url.pathname);

async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) =>
          node instanceof Element ? `${node.tagName.toLowerCase()} "${(node.textContent ?? "").slice(0, 40)}"` : "?",
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

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
    await page.route(held, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HELD_MS));
      await route.continue();
    });
    await page.goto(`/queues/${await queueIdByName(request, BIG_QUEUE_NAME)}`);
    await expect(page.locator("table tbody tr[data-item-row]").first()).toBeVisible();
    await expect(page.getByText(/claims expire after/)).toBeVisible();
    await expect(page.getByText(/^since /).first()).toBeVisible();
    // Two frames: a shift is reported once the frame that caused it is laid out.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(MAX_SHIFT);
  });
}
