import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolationsInBothThemes, followSystemScheme, test } from "./fixtures";
import { useDemoProject } from "./queues-support";

// The annotation specs page: a person makes a categories question and a rating question from the
// form, edits one (its version 2), and finds both in the list; the list and the editor pass axe.

/** Names no other run of this file (or a reused server's data) has used. */
const suffix = () => Date.now().toString(36);

const specsTable = (page: Page) => page.getByRole("table", { name: "Annotation specs" });
const rowOf = (page: Page, question: string) =>
  specsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: question, exact: true }) });

async function startNewSpec(page: Page, question: string): Promise<void> {
  await page.goto("/specs");
  await page.getByRole("link", { name: "New spec" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New annotation spec" })).toBeVisible();
  await page.getByRole("textbox", { name: "Question" }).fill(question);
}

test.beforeEach(async ({ page }) => {
  await useDemoProject(page);
});

test("create a categories spec and a rating spec, edit one to version 2, and see both listed", async ({ page }) => {
  const run = suffix();
  const categories = `Resolution ${run}`;
  const rating = `Effort ${run}`;

  await startNewSpec(page, categories);
  await expect(page.getByRole("textbox", { name: "Id" })).toHaveValue(`resolution_${run}`);
  await page.getByRole("radio", { name: "Categories" }).check();
  await page.getByRole("textbox", { name: "Category 1" }).fill("Resolved");
  await page.getByRole("textbox", { name: "Category 1" }).press("Enter");
  await expect(page.getByRole("textbox", { name: "Category 2" })).toBeFocused();
  await page.keyboard.type("Not resolved");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Category 3" })).toBeFocused();
  await page.keyboard.type("Partly");
  await page.getByRole("button", { name: "Move “Partly” up" }).click();
  // The preview is the review's own question, with the categories in their order.
  const preview = page.getByRole("region", { name: "Preview" }).getByRole("group", { name: categories });
  await expect(preview.getByRole("radio")).toHaveCount(3);
  // What the choices show: their number keys' marks are hidden until the question is the one the keys answer.
  await expect(preview.locator("label")).toHaveText(["Resolved", "Partly", "Not resolved"], { useInnerText: true });
  await page.getByRole("radio", { name: "One shared answer" }).check();
  await page.getByRole("button", { name: "Create spec" }).click();
  await expect(page.getByText(`Created “${categories}” as version 1.`)).toBeVisible();
  await expect(rowOf(page, categories)).toContainText("Categories: Resolved, Partly, Not resolved");
  await expect(rowOf(page, categories)).toContainText("One shared answer");

  await startNewSpec(page, rating);
  await page.getByRole("radio", { name: "Rating" }).check();
  await page.getByRole("textbox", { name: "Highest rating" }).fill("12");
  await page.getByRole("button", { name: "Create spec" }).click();
  await expect(page.getByRole("textbox", { name: "Highest rating" })).toHaveAccessibleDescription(/At most 11 ratings/);
  await page.getByRole("textbox", { name: "Highest rating" }).fill("4");
  await expect(page.getByRole("region", { name: "Preview" }).getByRole("radio")).toHaveCount(4);
  await page.getByRole("button", { name: "Create spec" }).click();
  await expect(page.getByText(`Created “${rating}” as version 1.`)).toBeVisible();
  await expect(rowOf(page, rating)).toContainText("Rating 1-4");

  // Edit the categories spec: same id, version 2.
  await rowOf(page, categories).getByRole("link", { name: categories }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit “${categories}”`);
  await expect(page.getByText(/^Version 1, made/)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Id" })).toHaveValue(`resolution_${run}`);
  await expect(page.getByRole("note")).toContainText("No queue of this project uses this spec.");
  await page.getByRole("button", { name: "Add category" }).click();
  await page.getByRole("textbox", { name: "Category 4" }).fill("Made it worse");
  await page.getByRole("button", { name: "Save version 2" }).click();
  await expect(page.getByText(`Saved “${categories}” as version 2.`)).toBeVisible();

  // Both are listed; the search narrows to this run's two.
  await page.getByRole("textbox", { name: "Search specs by name" }).fill(run);
  await expect(specsTable(page).getByRole("row")).toHaveCount(3);
  await expect(rowOf(page, categories).getByRole("cell").nth(1)).toHaveText("2");
  await expect(rowOf(page, categories)).toContainText("Categories: Resolved, Partly, Not resolved, Made it worse");
  await expect(rowOf(page, rating).getByRole("cell").nth(1)).toHaveText("1");

  // Sorting by versions puts the edited one first, and says so on its header.
  await specsTable(page).getByRole("button", { name: "Versions" }).click();
  await expect(specsTable(page).getByRole("columnheader", { name: "Versions" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(specsTable(page).getByRole("row").nth(1)).toContainText(categories);
});

test("a yes/no spec made with the keyboard alone", async ({ page }) => {
  const question = `Polite ${suffix()}`;
  await page.goto("/specs/new");
  await page.getByRole("textbox", { name: "Question" }).focus();
  await page.keyboard.type(question);
  // Question -> Id -> Description -> "Edit as JSON Schema" -> the kind's radio group (Rating is chosen).
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "Rating" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Yes/no" })).toBeChecked();
  await expect(page.getByRole("region", { name: "Preview" }).getByRole("radio")).toHaveCount(2);
  // Enter in a text box saves.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("textbox", { name: "Id" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Created “${question}” as version 1.`)).toBeVisible();
  await expect(rowOf(page, question)).toContainText("Yes/no");
});

test("a demo spec used by a queue warns what editing it means for that queue", async ({ page }) => {
  await page.goto("/specs");
  await rowOf(page, "Tone").getByRole("link", { name: "Tone" }).click();
  await expect(page.getByRole("radio", { name: "Rating" })).toBeChecked();
  await expect(page.getByRole("note")).toContainText(/Used by \d+ queues?:/);
  await expect(page.getByRole("note")).toContainText("keep asking the version they were set up with");
});

test("the list and the editor have no axe violations, in the light and dark themes", async ({ page }) => {
  // One walk for both themes: each state is scanned in light, then in dark in place.
  await followSystemScheme(page);
  await page.goto("/specs");
  await expect(rowOf(page, "Tone")).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);

  await page.goto("/specs/new");
  await page.getByRole("textbox", { name: "Question" }).fill("Axe check");
  await page.getByRole("radio", { name: "Categories" }).check();
  // Messages shown: the empty categories.
  await page.getByRole("button", { name: "Create spec" }).click();
  await expect(page.getByText("Category 1 is empty.", { exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);

  await page.getByRole("button", { name: "Edit as JSON Schema" }).click();
  await page.getByRole("textbox", { name: "JSON Schema of the answer" }).fill('{"type": "object"}');
  await expect(page.getByText(/annotators will see a notice instead of a control/)).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
});

test("the list and the editor fit a phone's width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/specs/new");
  await page.getByRole("textbox", { name: "Question" }).fill("Narrow");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto("/specs");
  await expect(rowOf(page, "Tone")).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});
