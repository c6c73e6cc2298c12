import { expect, expectNoAxeViolationsInBothThemes, test } from "./fixtures";
import { BIG_QUEUE_NAME, itemRows, queryItems, queueIdByName, useDemoProject } from "./queues-support";

// Every test only reads the demo data, so they may run on any worker.
test.describe.configure({ mode: "parallel" });

// Each page is checked in the light theme and then in the dark one, in place: the theme follows the
// system scheme, which switches without a reload, so both themes see the same page in the same state
// (a dialog still open, the table still scrolled) for one load and one walk there.
test.describe("annotation queue pages, axe, light and dark themes", () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await useDemoProject(page, { theme: "system" });
  });

  test("the queue list has no violations", async ({ page }) => {
    await page.goto("/queues");
    await expect(page.getByRole("progressbar", { name: `Progress of ${BIG_QUEUE_NAME}` })).toBeAttached();
    await expectNoAxeViolationsInBothThemes(page);
  });

  test("the items table, with a notice about the link, has no violations", async ({ page, request }) => {
    test.slow();
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    await page.goto(
      `/queues/${queueId}?state=in_progress,completed&sort=call_op_name.asc,created_at.desc&nope=1&page=0`,
    );
    await expect(itemRows(page)).toHaveCount(50);
    await expect(page.getByText("Part of the link was not understood and was ignored:")).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
  });

  test("a windowed 250-row page, scrolled to the middle with a row focused, has no violations", async ({
    page,
    request,
  }) => {
    test.slow();
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    await page.goto(`/queues/${queueId}?size=250`);
    await expect(itemRows(page).first()).toBeVisible();
    for (let i = 0; i < 5; i++) await page.keyboard.press("j");
    // The rows scroll inside the table's own frame: the wheel turns over it, as a user's would.
    await itemRows(page).nth(2).hover();
    await page.mouse.wheel(0, 4000);
    await expect(page.locator('tr[data-item-row="120"]')).toBeAttached();
    await expectNoAxeViolationsInBothThemes(page);
  });

  test("the column chooser, export and shortcuts dialogs have no violations", async ({ page, request }) => {
    test.slow();
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    await page.goto(`/queues/${queueId}?size=25`);
    await expect(itemRows(page)).toHaveCount(25);
    await page.getByRole("button", { name: "Columns" }).click();
    await expect(page.getByRole("checkbox", { name: "Updated" })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("checkbox", { name: "Updated" })).toBeHidden();

    await page.getByRole("button", { name: "Export…" }).click();
    await expect(page.getByRole("dialog", { name: "Export items" })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
  });

  test("the review page, with the whole call open, has no violations", async ({ page, request }) => {
    test.slow();
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    const [item] = await queryItems(request, queueId, { offset: 46, limit: 1 });
    await page.goto(`/queues/${queueId}/items/${item!.id}?i=46`);
    await expect(page.getByRole("heading", { level: 1, name: "Item 47 of 10,000" })).toBeVisible();
    await expect(page.getByRole("region", { name: "inputs.question" })).toBeVisible();
    await page.getByRole("button", { name: "Show the whole call" }).click();
    await expect(page.getByRole("region", { name: "Call summary" })).toBeVisible();
    // The queue's questions, with the answers given so far (others' included).
    await expect(page.getByRole("group", { name: "Tone", exact: true })).toBeVisible();
    await expect(page.getByRole("group", { name: "Comment", exact: true }).getByText(/characters left/)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
  });
});
