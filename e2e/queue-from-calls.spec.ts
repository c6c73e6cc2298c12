import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { queryItems, useDemoProject } from "./queues-support";

// The queue-from-calls journey, as a lead and then an annotator would do it: make a question, make a queue
// that asks it, find calls, add 120 of them with chosen display fields, answer two items, and see
// the answers in the queue's Insights.

const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The checkbox of the page's `index`th call (pages of 25 draw every row). */
const callCheckbox = (page: Page, index: number) =>
  page.getByRole("table", { name: "Calls" }).locator("tbody tr[data-call-id]").nth(index).getByRole("checkbox");

test("make a question and a queue, add 120 calls with chosen display fields, answer two, see them in Insights", async ({
  page,
  request,
}) => {
  test.slow();
  const id = run();
  const question = `Helpful ${id}`;
  const queueName = `From calls ${id}`;
  await useDemoProject(page);

  // A categories question, from the specs page.
  await page.goto("/specs/new");
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await page.getByRole("radio", { name: "Categories" }).check();
  await page.getByRole("textbox", { name: "Category 1" }).fill("Helpful");
  await page.getByRole("textbox", { name: "Category 2" }).fill("Not helpful");
  await page.getByRole("button", { name: "Create spec" }).click();
  await expect(
    page.getByRole("table", { name: "Annotation specs" }).getByRole("link", { name: question, exact: true }),
  ).toBeVisible();

  // A queue that asks it.
  await page.goto("/queues");
  await page.getByRole("button", { name: "New queue" }).click();
  const dialog = page.getByRole("dialog", { name: "New queue" });
  await dialog.getByLabel("Name").fill(queueName);
  await dialog.getByLabel("Guidelines").fill("Was the answer helpful to the customer?");
  // The project has more specs than the list shows at once by now (other tests make them): search.
  await expect(dialog.getByRole("list", { name: "Specs to add" })).toBeVisible();
  const search = dialog.getByLabel("Search the project's specs");
  if (await search.isVisible()) await search.fill(question);
  await dialog
    .getByRole("list", { name: "Specs to add" })
    .getByRole("button", { name: `Add ${question}` })
    .click();
  await dialog.getByRole("button", { name: "Create queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: queueName })).toBeVisible();
  const queueId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);

  // Calls of one operation, 25 a page: four whole pages, then 20 rows of the fifth by a Shift-click range.
  await page.goto("/calls?size=25");
  const picker = page.getByRole("combobox", { name: "Operation" });
  const opValue = await picker.locator("option").nth(1).getAttribute("value");
  const opName = (await picker.locator("option").nth(1).textContent())!.split(" ")[0]!;
  await picker.selectOption(opValue!);
  // The filtered view, read: "1–25 of" is on the page before the filter too, and a tick made while the view
  // changes under it (the page checkbox is disabled meanwhile) would be lost.
  await expect(page).toHaveURL(/[?&]op=/);
  const table = page.getByRole("table", { name: "Calls" });
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  await expect(table.locator("tbody tr[data-call-id]").first()).toContainText(opName);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(/1–25 of [\d,]+/);
  for (let pageNumber = 1; pageNumber <= 4; pageNumber++) {
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(
      `${(pageNumber - 1) * 25 + 1}–${pageNumber * 25} of`,
    );
    await page.getByRole("checkbox", { name: "Select every call on this page" }).check();
    await page.getByRole("button", { name: "Next page" }).click();
  }
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("101–125 of");
  await callCheckbox(page, 0).click();
  await callCheckbox(page, 19).click({ modifiers: ["Shift"] });
  await expect(page.getByText("120 calls selected.")).toBeVisible();

  await page.getByRole("button", { name: "Add to queue…" }).click();
  const add = page.getByRole("dialog", { name: "Add calls to a queue" });
  await add.getByRole("combobox", { name: /Queue/ }).selectOption({ label: queueName });
  const fields = add.getByRole("group", { name: "Display fields" }).getByRole("checkbox");
  await expect(fields.first()).toBeVisible();
  const offered = await fields.count();
  for (let i = 0; i < offered; i++) await fields.nth(i).setChecked(i < 2);
  const chosen = [await fields.nth(0).getAttribute("aria-label"), await fields.nth(1).getAttribute("aria-label")];
  await add.getByRole("button", { name: "Add 120 calls" }).click();
  await expect(add.getByText(/^Added 120 calls/)).toBeVisible();
  const items = await queryItems(request, queueId, {});
  expect(items).toHaveLength(120);
  expect(items.every((item) => JSON.stringify(item.display_fields) === JSON.stringify(chosen))).toBe(true);

  // Two items answered by keyboard: the first category, then the second, each completed.
  await add.getByRole("link", { name: "Open the queue" }).click();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 120");
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Item 1 of 120" })).toBeVisible();
  const answer = page.getByRole("group", { name: question, exact: true });
  await expect(answer.getByRole("radio", { name: /^Helpful/ })).toBeEnabled();
  await page.keyboard.press("1");
  await expect(answer.getByRole("radio", { name: /^Helpful/ })).toBeChecked();
  await page.keyboard.press("Shift+C");
  await expect(page.getByRole("heading", { level: 1, name: "Item 2 of 120" })).toBeVisible();
  await expect(answer.getByRole("radio", { name: /^Not helpful/ })).toBeEnabled();
  await page.keyboard.press("2");
  await expect(answer.getByRole("radio", { name: /^Not helpful/ })).toBeChecked();
  await page.keyboard.press("Shift+C");
  await expect(page.getByRole("heading", { level: 1, name: "Item 3 of 120" })).toBeVisible();

  // Insights at once, by its address: the second Complete, which waited for the start its answer made, goes out as
  // the page goes and is stored. It may land after Insights first read, so Insights is read again once it has.
  await page.goto(`/queues/${queueId}/insights`);
  await expect
    .poll(async () => (await queryItems(request, queueId, {})).filter((i) => i.annotation_state === "completed").length)
    .toBe(2);
  await page.reload();
  // Two completed, one answer in each category.
  await expect(page.getByRole("heading", { level: 1, name: `Insights: ${queueName}` })).toBeVisible();
  const distribution = page.getByRole("figure", { name: question });
  await expect(
    distribution.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Helpful", exact: true }) }),
  ).toContainText("1");
  await expect(
    distribution.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Not helpful", exact: true }) }),
  ).toContainText("1");
  await page.getByText("Show the numbers as a table").click();
  await expect(page.getByRole("table", { name: "Items completed per annotator per day" })).toContainText("2");
});
