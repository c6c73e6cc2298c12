import type { APIRequestContext } from "@playwright/test";
import { DEMO_KEY, expect, expectNoAxeViolations, test } from "./fixtures";
import { PROJECT, queryItems, useDemoProject } from "./queues-support";

// The Calls page against the local trace service's `/calls/stream_query`, `/calls/query_stats` and
// op objects (seeded calls). Journey: filter by op, select the page, add it to a queue with chosen
// display fields, see the queue's items.

const auth = { Authorization: `Basic ${Buffer.from(`api:${DEMO_KEY}`).toString("base64")}` };

async function createEmptyQueue(request: APIRequestContext, label: string): Promise<{ id: string; name: string }> {
  const name = `e2e calls ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await request.post("/api/trace/annotation_queues", {
    data: { project_id: PROJECT, name, description: "Made by an end-to-end test.", scorer_refs: [] },
    headers: auth,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { id: ((await response.json()) as { id: string }).id, name };
}

test.describe("calls page", () => {
  test.beforeEach(async ({ page }) => {
    await useDemoProject(page);
  });

  test("filter by op, select the page, add it to a queue with chosen display fields, see the queue's items", async ({
    page,
    request,
  }) => {
    const queue = await createEmptyQueue(request, "journey");
    await page.goto("/calls?size=25");
    await expect(page.getByRole("link", { name: "Calls", exact: true })).toHaveAttribute("aria-current", "page");
    const table = page.getByRole("table", { name: "Calls" });
    await expect(table.locator("tbody tr[data-call-id]")).toHaveCount(25);
    await expect(table.getByRole("columnheader", { name: /Started/ })).toHaveAttribute("aria-sort", "descending");

    // Filter by the first op the picker offers (every version of it).
    const picker = page.getByRole("combobox", { name: "Operation" });
    const opValue = await picker.locator("option").nth(1).getAttribute("value");
    expect(opValue).toBeTruthy();
    const opName = opValue!.split(":")[0]!;
    await picker.selectOption(opValue!);
    await expect(page).toHaveURL(new RegExp(`op=${encodeURIComponent(opValue!).replace(/\./g, "\\.")}`));
    const rows = table.locator("tbody tr[data-call-id]");
    await expect(rows.first()).toContainText(opName);
    const shown = await rows.count();
    for (let i = 0; i < shown; i++) await expect(rows.nth(i)).toContainText(opName);

    // A reload keeps the view.
    await page.reload();
    await expect(picker).toHaveValue(opValue!);

    // Select the page and add it.
    await page.getByRole("checkbox", { name: "Select every call on this page" }).check();
    await expect(page.getByText(`${shown} ${shown === 1 ? "call" : "calls"} selected.`)).toBeVisible();
    await page.getByRole("button", { name: "Add to queue…" }).click();
    const dialog = page.getByRole("dialog", { name: "Add calls to a queue" });
    await dialog.getByRole("combobox", { name: /Queue/ }).selectOption({ label: queue.name });
    const fields = dialog.getByRole("group", { name: "Display fields" }).getByRole("checkbox");
    await expect(fields.first()).toBeVisible();
    await expectNoAxeViolations(page);
    // Keep exactly the first two paths offered.
    const count = await fields.count();
    for (let i = 0; i < count; i++) await fields.nth(i).setChecked(i < 2);
    const chosen = [await fields.nth(0).getAttribute("aria-label"), await fields.nth(1).getAttribute("aria-label")];
    await dialog.getByRole("button", { name: new RegExp(`^Add ${shown} call`) }).click();
    await expect(dialog.getByText(new RegExp(`^Added ${shown} call`))).toBeVisible();

    // The queue holds the calls with those display fields.
    const items = await queryItems(request, queue.id, {});
    expect(items).toHaveLength(shown);
    expect(items[0]!.display_fields).toEqual(chosen);
    await dialog.getByRole("link", { name: "Open the queue" }).click();
    await expect(page).toHaveURL(`/queues/${queue.id}?annotation_project=${encodeURIComponent(PROJECT)}`);
    await expect(page.getByRole("table", { name: queue.name }).locator("tbody tr[data-item-row]")).toHaveCount(shown);
  });

  test("adding the same calls again reports them as already in the queue", async ({ page, request }) => {
    const queue = await createEmptyQueue(request, "again");
    await page.goto("/calls?size=25");
    const table = page.getByRole("table", { name: "Calls" });
    await expect(table.locator("tbody tr[data-call-id]")).toHaveCount(25);
    for (let round = 0; round < 2; round++) {
      await page.getByRole("checkbox", { name: "Select every call on this page" }).check();
      await page.getByRole("button", { name: "Add to queue…" }).click();
      const dialog = page.getByRole("dialog", { name: "Add calls to a queue" });
      await dialog.getByRole("combobox", { name: /Queue/ }).selectOption({ label: queue.name });
      await dialog.getByRole("button", { name: "Add 25 calls" }).click();
      await expect(
        dialog.getByText(round === 0 ? /^Added 25 calls\.$/ : /^Added 0 calls\. 25 were already in the queue/),
      ).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
    }
    expect(await queryItems(request, queue.id, {})).toHaveLength(25);
  });

  // Wide in the light theme and on a phone in the dark one: the layout changes with the width, the
  // colours with the theme, and each pair is checked once.
  test("the filters stay where they are while the rows and the op list arrive", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // The rows and the ops held back: the page is painted without them.
    // A promise and the function that settles it (Promise.withResolvers needs Node 22).
    const settle: { release?: () => void } = {};
    const held = new Promise<void>((resolve) => (settle.release = resolve));
    for (const path of ["**/calls/stream_query", "**/objs/query"])
      await page.route(path, async (route) => {
        await held;
        await route.continue();
      });
    await page.goto("/calls?after=2026-01-01T00%3A00%3A00.000Z");
    const fields = ["Operation", "Trace ID", "Started after", "Started before", "Text in inputs or output"];
    const boxes = () => Promise.all(fields.map((name) => page.getByLabel(name, { exact: true }).first().boundingBox()));
    await expect(page.getByRole("searchbox", { name: "Search operations" })).toBeVisible();
    const before = await boxes();

    settle.release?.();
    await expect(page.getByRole("table", { name: "Calls" }).locator("tbody tr[data-call-id]").first()).toBeVisible();
    await expect
      .poll(() => page.getByRole("combobox", { name: "Operation" }).locator("option").count())
      .toBeGreaterThan(1);
    expect(await boxes()).toEqual(before);
  });

  test("has no accessibility violations, wide (light) and on a phone (dark)", async ({ page }) => {
    for (const { theme, width } of [
      { theme: "light", width: 1366 },
      { theme: "dark", width: 390 },
    ] as const) {
      await page.addInitScript((value) => window.localStorage.setItem("wbops.theme", value), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/calls");
      await expect(page.getByRole("table", { name: "Calls" }).locator("tbody tr[data-call-id]").first()).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});
