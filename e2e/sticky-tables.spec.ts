import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BIG_QUEUE_NAME, queueIdByName, useDemoProject } from "./queues-support";

// Long tables keep their bearings: scrolled down, the header row stays in view; scrolled sideways
// (a phone, or more columns than the window), the cell that names each row stays in view, drawn
// over the cells scrolling under it. Checked by bounding boxes and by what is hit at a point.

type Box = { top: number; bottom: number; left: number; right: number };

/** Where `element` is and what part of the window its frame shows (the table's scroll box, or the window). */
async function placeIn(element: Locator): Promise<{ box: Box; frame: Box; hitsItself: boolean; opaque: boolean }> {
  return element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const box = { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    let frame = { top: 0, bottom: window.innerHeight, left: 0, right: window.innerWidth };
    const table = node.closest("table");
    const scroller = table?.parentElement;
    if (scroller && /auto|scroll/.test(getComputedStyle(scroller).overflowX)) {
      const f = scroller.getBoundingClientRect();
      frame = {
        top: Math.max(0, f.top),
        bottom: Math.min(window.innerHeight, f.bottom),
        left: Math.max(0, f.left),
        right: Math.min(window.innerWidth, f.right),
      };
    }
    // Drawn on top: the point at the cell's middle belongs to the cell, not to a cell scrolled under it.
    const hit = document.elementFromPoint((rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2);
    const cell = node.closest("th, td") ?? node;
    // The first background painted behind the cell's content: its own, its row's or its row group's.
    const painted = [cell, cell.parentElement, cell.parentElement?.parentElement]
      .map((layer) => (layer ? getComputedStyle(layer).backgroundColor : "transparent"))
      .find((color) => color !== "transparent" && color !== "rgba(0, 0, 0, 0)");
    // An alpha below 1 (rgba(…, a), or "/ a" in the newer notations) lets what scrolls under it show.
    const alpha = painted
      ? (/rgba\([^)]*,\s*([\d.]+)\)$/.exec(painted)?.[1] ?? /\/\s*([\d.]+)\)$/.exec(painted)?.[1])
      : "0";
    const opaque = alpha === undefined || Number(alpha) >= 1;
    return { box, frame, hitsItself: !!hit && (cell === hit || cell.contains(hit)), opaque };
  });
}

async function expectInFrame(element: Locator, what: string): Promise<void> {
  const { box, frame, hitsItself, opaque } = await placeIn(element);
  expect(box.top, `${what}: top edge in view`).toBeGreaterThanOrEqual(frame.top - 1);
  expect(box.bottom, `${what}: bottom edge in view`).toBeLessThanOrEqual(frame.bottom + 1);
  expect(box.left, `${what}: left edge in view`).toBeGreaterThanOrEqual(frame.left - 1);
  expect(box.right, `${what}: right edge in view`).toBeLessThanOrEqual(frame.right + 1);
  expect(hitsItself, `${what}: drawn over what scrolls under it`).toBe(true);
  expect(opaque, `${what}: an opaque background`).toBe(true);
}

/** Scrolls a row far down the page into view (whichever box scrolls), then the table's frame to its far right. */
async function scrollDownAndAcross(page: Page, table: Locator, row: Locator): Promise<void> {
  await row.scrollIntoViewIfNeeded();
  // Well past the header: the row's top at the window's middle or lower.
  await row.evaluate((node) => node.scrollIntoView({ block: "end" }));
  await table.evaluate((node) => {
    const frame = node.parentElement;
    if (frame) frame.scrollLeft = frame.scrollWidth;
  });
  // Scroll positions reach layout in the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const { width, height, theme } of [
  { width: 1366, height: 768, theme: "light" as const },
  { width: 390, height: 844, theme: "dark" as const },
]) {
  test.describe(`at ${width} px (${theme})`, () => {
    test.use({ viewport: { width, height } });
    test.beforeEach(async ({ page }) => {
      await useDemoProject(page, { theme });
    });

    test("the items table keeps its header row and each row's position in view", async ({ page, request }) => {
      const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
      await page.goto(`/queues/${queueId}`);
      const table = page.getByRole("table", { name: BIG_QUEUE_NAME });
      const rows = table.locator("tr[data-item-row]");
      await expect(rows).toHaveCount(50);
      // What the rows show after they are first drawn (a claim's "since … · stale" line, the viewer's answers)
      // can make rows above taller: scrolled before it came, row 41 would be pushed out of the frame. This test is
      // about where the header and the row's position stay, so it scrolls once the page has read everything.
      await page.waitForLoadState("networkidle");
      const row = rows.nth(40);
      await scrollDownAndAcross(page, table, row);
      await expect(row).toBeInViewport();
      const positionHeader = table.getByRole("columnheader", { name: "Position" });
      await expectInFrame(positionHeader, "the Position header");
      // Its whole name, not "Positi…": the column is as wide as its header (and a seven-digit position).
      expect(
        await positionHeader.evaluate((th) =>
          [...th.querySelectorAll("*")].every((e) => e.scrollWidth <= e.clientWidth),
        ),
      ).toBe(true);
      // Scrolled to the far right, the last column's header is in view too.
      await expectInFrame(table.getByRole("columnheader").last(), "the last column's header");
      await expectInFrame(row.getByRole("link", { name: /^Open item/ }), "the row's position");
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: test.info().outputPath(`items-${width}-${theme}.png`) });
    });

    test("the Calls table keeps its header row and each row's tick box and operation in view", async ({ page }) => {
      await page.goto("/calls");
      const table = page.getByRole("table", { name: "Calls" });
      const rows = table.locator("tbody tr[data-call-id]");
      await expect(rows).toHaveCount(50);
      const row = rows.nth(40);
      await scrollDownAndAcross(page, table, row);
      await expect(row).toBeInViewport();
      await expectInFrame(
        table.getByRole("checkbox", { name: "Select every call on this page" }),
        "the header's tick box",
      );
      await expectInFrame(table.getByRole("columnheader", { name: /Operation/ }), "the Operation header");
      await expectInFrame(table.getByRole("columnheader").last(), "the last column's header");
      await expectInFrame(row.getByRole("checkbox"), "the row's tick box");
      await expectInFrame(row.locator("td").nth(1), "the row's operation");
    });
  });
}
