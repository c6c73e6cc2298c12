import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  BIG_QUEUE_NAME,
  createScratchQueue,
  itemRows,
  queryItems,
  queueByName,
  useDemoProject,
} from "./queues-support";

// Choices a spec's author makes, and what annotators then meet: an optional question (the demo's
// Comment) that lets one Complete & next finish each item at full keyboard speed, a question made
// optional in the editor and shown so wherever it is chosen, categories typed at full speed with
// Enter between them (every letter in its own row, no empty row left behind), and an id's
// underscores visible at 1x.

// The pixel ratio where a clipped underscore shows (at 2x the rounding leaves room for it).
test.use({ deviceScaleFactor: 1 });

test.beforeEach(async ({ page }) => {
  await useDemoProject(page);
});

test("categories typed at full speed with Enter between them: each in its own row, none left empty, saved as typed", async ({
  page,
}) => {
  const question = `Outcome ${Date.now().toString(36)}`;
  await page.goto("/specs/new");
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await page.getByRole("radio", { name: "Categories" }).check();
  await page.getByRole("textbox", { name: "Category 1" }).focus();
  // 10 ms a key: faster than a frame, as a practised typist's bursts are.
  await page.keyboard.type("Resolved\nPartly resolved\nNot resolved\nMade it worse", { delay: 10 });
  const boxes = page.getByRole("textbox", { name: /^Category \d+$/ });
  await expect(boxes).toHaveCount(4);
  expect(await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
    "Resolved",
    "Partly resolved",
    "Not resolved",
    "Made it worse",
  ]);
  await page.getByRole("button", { name: "Create spec" }).click();
  await expect(page.getByText(`Created “${question}” as version 1.`)).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Annotation specs" }).getByRole("row").filter({ hasText: question }),
  ).toContainText("Categories: Resolved, Partly resolved, Not resolved, Made it worse");
});

test("at 1x an id made of underscores shows them: the input's text is not clipped at the font's descent", async ({
  page,
}) => {
  await page.goto("/specs/new");
  const id = page.getByRole("textbox", { name: "Id" });
  await id.fill("");
  await id.blur();
  const empty = await id.screenshot({ animations: "disabled", caret: "hide" });
  await id.fill("__________");
  await id.blur();
  const underscores = await id.screenshot({ animations: "disabled", caret: "hide" });
  expect(underscores.equals(empty), "ten underscores drew nothing").toBe(false);
});

test("the demo's Comment is optional: with the required questions answered by keys, one Complete & next per item finishes five items", async ({
  page,
  request,
}) => {
  const scorerRefs = (await queueByName(request, BIG_QUEUE_NAME)).scorer_refs ?? [];
  expect(scorerRefs).toHaveLength(4);
  const queue = await createScratchQueue(request, "optional-comment", 5, { scorerRefs, offset: 7_000 });
  await page.goto(`/queues/${queue.id}`);
  await expect(itemRows(page)).toHaveCount(5);
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  const comment = page.getByRole("group", { name: "Comment", exact: true });
  await expect(comment).toHaveAccessibleDescription(/optional/);
  await expect(comment.getByText("optional", { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Tone", exact: true })).not.toHaveAccessibleDescription(/optional/);
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Item ${i} of 5`);
    // Tone, Resolution, policy: the number keys answer the highlighted question and move on; the comment stays empty.
    await page.keyboard.type("312", { delay: 10 });
    await page.keyboard.press("Shift+C");
  }
  await expect(page.getByText("End of the queue.")).toBeVisible();
  await expect(page.getByText(/Not completed yet/)).toHaveCount(0);
  await expect
    .poll(async () => (await queryItems(request, queue.id, {})).map((item) => item.annotation_state))
    .toEqual(Array(5).fill("completed"));
});

test("a question made optional in the editor: listed so, and so in the New queue form's questions", async ({
  page,
}) => {
  const question = `Remarks ${Date.now().toString(36)}`;
  await page.goto("/specs/new");
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await page.getByRole("radio", { name: "Text", exact: true }).check();
  await page.getByRole("radio", { name: "Optional", exact: true }).check();
  await expect(
    page.getByRole("region", { name: "Preview" }).getByRole("group", { name: question }),
  ).toHaveAccessibleDescription(/optional/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Create spec" }).click();
  await expect(page.getByText(`Created “${question}” as version 1.`)).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Annotation specs" }).getByRole("row").filter({ hasText: question }),
  ).toContainText("Text up to 500 chars, optional");

  await page.goto("/queues");
  await page.getByRole("button", { name: "New queue" }).click();
  const dialog = page.getByRole("dialog", { name: "New queue" });
  // The demo has more specs than are listed without a search (and other tests add theirs).
  await dialog.getByRole("searchbox", { name: "Search the project's specs" }).fill(question);
  const offered = dialog
    .getByRole("list", { name: "Specs to add" })
    .getByRole("listitem")
    .filter({ hasText: question });
  await expect(offered).toContainText("Text up to 500 chars, optional");
  await offered.getByRole("button", { name: `Add ${question}` }).click();
  await expect(
    dialog.getByRole("list", { name: "Chosen questions" }).getByRole("listitem").filter({ hasText: question }),
  ).toContainText("Text up to 500 chars, optional");
});
