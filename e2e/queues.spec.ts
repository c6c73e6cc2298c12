import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import {
  BIG_QUEUE_NAME,
  createScratchQueue,
  itemRows,
  queryItems,
  queueIdByName,
  useDemoProject,
} from "./queues-support";

test.describe("annotation queues", () => {
  test.beforeEach(async ({ page }) => {
    await useDemoProject(page);
  });

  test("the queue list shows progress and opens a queue", async ({ page }) => {
    await page.goto("/queues");
    const table = page.getByRole("table", { name: "Annotation queues" });
    await expect(table.getByRole("progressbar", { name: `Progress of ${BIG_QUEUE_NAME}` })).toHaveAttribute(
      "max",
      "10000",
    );
    await page.getByLabel("Search queues by name").fill("tone");
    await expect(page).toHaveURL(/\?q=tone$/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await table.getByRole("link", { name: BIG_QUEUE_NAME }).click();
    await expect(page.getByRole("table", { name: BIG_QUEUE_NAME })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("1–50 of 10,000");
  });

  test("filter by state, multi-sort, page forward and back, and a reload keeps the view", async ({ page, request }) => {
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    await page.goto(`/queues/${queueId}`);
    const table = page.getByRole("table", { name: BIG_QUEUE_NAME });
    await expect(itemRows(page)).toHaveCount(50);

    // Filter by state.
    await page.getByRole("group", { name: "State" }).getByRole("checkbox", { name: "Skipped" }).check();
    await expect(page).toHaveURL(/state=skipped/);
    await expect(table.locator("tbody").getByText("Skipped", { exact: true })).toHaveCount(50);

    // Multi-sort: operation, then newest call first (shift-click), with the order shown.
    await table.getByRole("button", { name: "Operation" }).click();
    await table.getByRole("button", { name: "Call started" }).click({ modifiers: ["Shift"] });
    await expect(page).toHaveURL(/sort=call_op_name\.asc%2Ccall_started_at\.desc/);
    await expect(table.getByRole("columnheader", { name: /Operation/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(table.getByRole("columnheader", { name: /Call started/ })).not.toHaveAttribute("aria-sort");
    await expect(table.getByRole("button", { name: "Call started" })).toContainText("2");
    const expected = await queryItems(request, queueId, {
      filter: { annotation_states: ["skipped"] },
      sort_by: [
        { field: "call_op_name", direction: "asc" },
        { field: "call_started_at", direction: "desc" },
      ],
      offset: 50,
      limit: 50,
    });

    // Page forward: the second page is exactly the service's rows 51-100 of this view.
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("51–100");
    await expect(itemRows(page).first()).toHaveAttribute("data-item-id", expected[0]!.id);
    await expect(itemRows(page).last()).toHaveAttribute("data-item-id", expected.at(-1)!.id);

    // Back and forward through history.
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("1–50");
    await page.goForward();
    await expect(page).toHaveURL(/page=2/);
    await expect(itemRows(page).first()).toHaveAttribute("data-item-id", expected[0]!.id);

    // Reload restores the exact view.
    await page.reload();
    await expect(itemRows(page).first()).toHaveAttribute("data-item-id", expected[0]!.id);
    await expect(page.getByRole("group", { name: "State" }).getByRole("checkbox", { name: "Skipped" })).toBeChecked();
    await expect(table.getByRole("columnheader", { name: /Operation/ })).toHaveAttribute("aria-sort", "ascending");
  });

  test("a pasted link with values the table cannot use shows the rest and says what was dropped", async ({
    page,
    request,
  }) => {
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    await page.goto(`/queues/${queueId}?sort=priority.desc&page=-2&size=7&state=unstarted`);
    await expect(page.getByText("Part of the link was not understood and was ignored:")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/queues/${queueId}\\?state=unstarted$`));
    await expect(itemRows(page)).toHaveCount(50);
  });

  test("a 250-row page renders only the rows near the viewport, and every row is still reachable", async ({
    page,
    request,
  }) => {
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    const expected = await queryItems(request, queueId, { offset: 250, limit: 250 });
    await page.goto(`/queues/${queueId}?size=250&page=2`);
    const table = page.getByRole("table", { name: BIG_QUEUE_NAME });
    await expect(itemRows(page).first()).toHaveAttribute("data-item-id", expected[0]!.id);
    // Budget: the rows in a 720 px viewport plus ten either side, not 250.
    expect(await itemRows(page).count()).toBeLessThanOrEqual(45);
    await expect(table).toHaveAttribute("aria-rowcount", "10001");

    // Scrolled to the end, the page's last row is rendered, numbered for assistive technology.
    await page.keyboard.press("End");
    const last = table.locator(`tr[data-item-id="${expected.at(-1)!.id}"]`);
    await expect(last).toBeVisible();
    await expect(last).toHaveAttribute("aria-rowindex", "501");

    // j from the top walks down into rows that were not rendered when it started.
    await page.keyboard.press("Home");
    for (let i = 0; i < 40; i++) await page.keyboard.press("j");
    await expect(page.locator("tr[data-item-row]:focus")).toHaveAttribute("data-item-id", expected[39]!.id);
    // The focused row stays rendered (and focused) when the page scrolls far away from it.
    await page.keyboard.press("End");
    await expect(last).toBeVisible();
    await expect(page.locator("tr[data-item-row]:focus")).toHaveAttribute("data-item-id", expected[39]!.id);
    await page.keyboard.press("j");
    await expect(page.locator("tr[data-item-row]:focus")).toHaveAttribute("data-item-id", expected[40]!.id);
    await expect(page.locator("tr[data-item-row]:focus")).toBeInViewport();
    // Scrolled to from far away, it stops below the header row that sticks at the frame's top, not under it.
    const rowTop = (await page.locator("tr[data-item-row]:focus").boundingBox())!.y;
    const headerBox = (await table.locator("thead").boundingBox())!;
    expect(rowTop).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);

    // Open it, come back with Esc: the same row has focus again, in view.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Item 291 of 10,000" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("tr[data-item-row]:focus")).toHaveAttribute("data-item-id", expected[40]!.id);
    await expect(page.locator("tr[data-item-row]:focus")).toBeInViewport();
  });

  test("on a whole 50-row page, j and k keep the focused row below the sticky header row, and the header in view", async ({
    page,
    request,
  }) => {
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    await page.goto(`/queues/${queueId}`);
    await expect(itemRows(page)).toHaveCount(50);
    const table = page.getByRole("table", { name: BIG_QUEUE_NAME });
    const focused = page.locator("tr[data-item-row]:focus");
    const belowHeader = async () => {
      const headerBox = (await table.locator("thead").boundingBox())!;
      expect(headerBox.y).toBeGreaterThanOrEqual(0);
      expect((await focused.boundingBox())!.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    };
    // The page scrolled to its end (End) has the frame's top (its header) above the window: j from there focuses
    // the first row and brings the header back with it. End must scroll at once, or a j pressed right after it
    // is scrolled into view by j and then carried away by End's animation: the page is at its end the moment
    // End is pressed.
    await page.keyboard.press("End");
    expect(await table.locator("thead").evaluate((head) => head.getBoundingClientRect().top)).toBeLessThan(0);
    await page.keyboard.press("j");
    await expect(focused).toHaveAttribute("data-item-row", "0");
    await belowHeader();

    // k up to rows scrolled out of the frame stops each below the header.
    for (let i = 0; i < 44; i++) await page.keyboard.press("j");
    for (let i = 0; i < 30; i++) await page.keyboard.press("k");
    await expect(focused).toHaveAttribute("data-item-row", "14");
    await belowHeader();

    // From the page's end, k focuses the last row, which is in view already, so nothing scrolls to it: the
    // header comes back all the same.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("End");
    await page.keyboard.press("k");
    await expect(focused).toHaveAttribute("data-item-row", "49");
    await belowHeader();
  });

  test("the address follows quick moves to the item on screen, and Back right after a move leaves the review", async ({
    page,
    request,
  }) => {
    const queue = await createScratchQueue(request, "address-after-paint", 3);
    const items = await queryItems(request, queue.id, {});
    await page.goto(`/queues/${queue.id}`);
    await expect(itemRows(page)).toHaveCount(3);
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Item 1 of 3" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Next", exact: true })).not.toHaveAttribute("aria-disabled");
    // Written after each item is painted, the address ends on the item shown.
    await page.keyboard.press("n");
    await page.keyboard.press("n");
    await expect(page.getByRole("heading", { level: 1, name: "Item 3 of 3" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/items/${items[2]!.id}\\?`));
    await page.keyboard.press("p");
    await expect(page.getByRole("heading", { level: 1, name: "Item 2 of 3" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/items/${items[1]!.id}\\?`));

    // Back at once after a move: the address still to be written is dropped, not written over the table's (the
    // unit test of use-after-paint.ts holds the rule; here, with a real browser's Back, the outcome).
    await page.keyboard.press("p");
    await page.goBack();
    await expect(page.getByRole("table", { name: queue.name })).toBeVisible();
    // Longer than a waiting write can wait (250 ms): nothing took the table's place.
    await page.waitForTimeout(400);
    await expect(page).not.toHaveURL(/\/items\//);
    await expect(page.getByRole("table", { name: queue.name })).toBeVisible();
  });

  test("open an item from the keyboard, then complete-and-next through a queue", async ({ page, request }) => {
    const queue = await createScratchQueue(request, "complete-and-next", 3);
    await page.goto(`/queues/${queue.id}`);
    await expect(itemRows(page)).toHaveCount(3);
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Item 1 of 3" })).toBeVisible();
    await expect(page.getByRole("region", { name: "inputs.question" })).toBeVisible();

    await page.getByRole("button", { name: "Complete & next" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Item 2 of 3" })).toBeVisible();
    await page.keyboard.press("Shift+S");
    await expect(page.getByRole("heading", { level: 1, name: "Item 3 of 3" })).toBeVisible();
    await page.getByRole("button", { name: "Complete & next" }).click();
    await expect(page.getByText("End of the queue.")).toBeVisible();

    // The end of the queue shows at once (optimistic); the last change reaches the service just after.
    await expect
      .poll(async () => (await queryItems(request, queue.id, {})).map((i) => i.annotation_state))
      .toEqual(["completed", "skipped", "completed"]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("table", { name: queue.name })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Queue progress" })).toHaveAttribute("value", "3");
  });

  test("opening an item never waits for page code: it was preloaded while the table sat idle", async ({
    page,
    request,
  }) => {
    const queue = await createScratchQueue(request, "preloaded-review", 2);
    await page.goto(`/queues/${queue.id}`);
    await expect(itemRows(page)).toHaveCount(2);
    // The review page's code arrives in idle time (at the latest 5 s after load)...
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((e) => /\/assets\/queue-review-page-[^/]+\.js$/.test(e.name)),
    );
    // ...so opening an item shows no loading bar for it (a page that has to wait shows one for >= 300 ms).
    await page.evaluate(() => {
      const w = window as unknown as { sawLoadingBar: boolean };
      w.sawLoadingBar = false;
      new MutationObserver(() => {
        if (document.querySelector('progress[aria-label="Loading page"]')) w.sawLoadingBar = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Item 1 of 2" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawLoadingBar: boolean }).sawLoadingBar)).toBe(false);
  });

  test("a second annotator's change shows up in an open review within seconds", async ({ page, browser, request }) => {
    const queue = await createScratchQueue(request, "two-annotators", 2);
    const [first] = await queryItems(request, queue.id, { limit: 1 });
    await page.goto(`/queues/${queue.id}/items/${first!.id}`);
    const details = page.getByRole("complementary", { name: "Details" });
    await expect(details.getByText("Unstarted")).toBeVisible();

    const other = await browser.newContext();
    const colleague = await other.newPage();
    await useDemoProject(colleague);
    await colleague.goto(`/queues/${queue.id}/items/${first!.id}`);
    await colleague.getByRole("button", { name: "Start", exact: true }).click();
    await expect(colleague.getByRole("complementary", { name: "Details" }).getByText("In progress")).toBeVisible();
    await other.close();

    await expect(details.getByText("In progress")).toBeVisible({ timeout: 9_000 });
  });

  test("export a filtered set as CSV", async ({ page, request }) => {
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    const expected = await queryItems(request, queueId, {
      filter: { annotation_states: ["skipped"] },
      sort_by: [{ field: "created_at", direction: "desc" }],
    });
    await page.goto(`/queues/${queueId}?state=skipped&sort=created_at.desc`);
    await expect(itemRows(page)).toHaveCount(50);
    await page.getByRole("button", { name: "Export…" }).click();
    const dialog = page.getByRole("dialog", { name: "Export items" });
    await expect(dialog.getByRole("radio", { name: "CSV" })).toBeChecked();
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^refund-conversations-tone-review-items-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(dialog.getByText(`Done: ${expected.length.toLocaleString("en-US")} rows saved`)).toBeVisible();
    const lines = (await readFile((await file.path())!, "utf8")).trimEnd().split("\r\n");
    const header = lines[0]!.split(",");
    expect(lines).toHaveLength(expected.length + 1);
    const idAt = header.indexOf("id");
    const stateAt = header.indexOf("annotation_state");
    expect(lines.slice(1).map((l) => l.split(",")[idAt])).toEqual(expected.map((i) => i.id));
    expect(new Set(lines.slice(1).map((l) => l.split(",")[stateAt]))).toEqual(new Set(["skipped"]));
  });
});
