import { expect, test } from "./fixtures";
import { useDemoProject } from "./queues-support";

// The spec editor as its author uses it: categories typed at full speed with Enter between them
// (every letter in its own row, no empty row left behind) and an id's underscores visible at 1x.

// The pixel ratio where a clipped underscore shows (at 2x the rounding leaves room for it).
test.use({ deviceScaleFactor: 1 });

test.beforeEach(async ({ page }) => {
  await useDemoProject(page);
});

test("categories typed at full speed with Enter between them: each in its own row, none left empty, saved as typed", async ({ page }) => {
  const question = `Outcome ${Date.now().toString(36)}`;
  await page.goto("/specs/new");
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await page.getByRole("radio", { name: "Categories" }).check();
  await page.getByRole("textbox", { name: "Category 1" }).focus();
  // 10 ms a key: faster than a frame, as a practised typist's bursts are.
  await page.keyboard.type("Resolved\nPartly resolved\nNot resolved\nMade it worse", { delay: 10 });
  const boxes = page.getByRole("textbox", { name: /^Category \d+$/ });
  await expect(boxes).toHaveCount(4);
  expect(await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(["Resolved", "Partly resolved", "Not resolved", "Made it worse"]);
  await page.getByRole("button", { name: "Create spec" }).click();
  await expect(page.getByText(`Created “${question}” as version 1.`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Annotation specs" }).getByRole("row").filter({ hasText: question })).toContainText("Categories: Resolved, Partly resolved, Not resolved, Made it worse");
});

test("at 1x an id made of underscores shows them: the input's text is not clipped at the font's descent", async ({ page }) => {
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
