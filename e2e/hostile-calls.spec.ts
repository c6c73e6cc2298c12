import type { Locator, Page } from "@playwright/test";
import {
  documentOverflowsSideways,
  installReviewProbe,
  readReviewPaint,
  timeClick,
  type ReviewPaint,
} from "../bench/interactions/review-probe";
import { HOSTILE_KINDS, seedHostileQueues, type HostileKind, type HostileQueues } from "../server/seed/hostile-calls";
import { expect, expectNoAxeViolations, expectNoAxeViolationsInBothThemes, followSystemScheme, test } from "./fixtures";
import { PROJECT, useDemoProject } from "./queues-support";
import { withE2eDatabase } from "./security-support";

// Calls a model may well produce (a 5 MB answer, 3,000 levels of
// nesting, 200,000 leaves, a 100 KB display-field path, a right-to-left override in a name) open
// on the review page without freezing it, widening it or reordering its text. Times are recorded
// (annotations, and `npm run bench -- --only hostile`), never asserted; what is asserted is
// deterministic: the page renders, stays within the window, and keeps its DOM small.

/** Elements in the whole document (the app's shell included) with a hostile call on screen. */
const MAX_DOM_NODES = 4_000;

let queues: HostileQueues;
test.beforeAll(() => {
  queues = withE2eDatabase((db) =>
    seedHostileQueues(db, { projectId: PROJECT, prefix: `e2e hostile ${Date.now().toString(36)}` }),
  );
});

const reviewPath = (kind: HostileKind) => `/queues/${queues[kind].queueId}/items/${queues[kind].itemId}`;

async function openReview(page: Page, kind: HostileKind): Promise<ReviewPaint> {
  await page.addInitScript(installReviewProbe);
  await page.goto(reviewPath(kind));
  await expect(page.getByRole("button", { name: "Show the whole call" })).toBeVisible({ timeout: 30_000 });
  const paint = await page.waitForFunction(readReviewPaint, undefined, { timeout: 30_000 });
  return (await paint.jsonValue()) as ReviewPaint;
}

function record(kind: string, what: string, value: unknown): void {
  test.info().annotations.push({ type: `${kind}: ${what}`, description: JSON.stringify(value) });
}

for (const kind of HOSTILE_KINDS) {
  test(`the review page opens the ${kind} call, stays within the window, and shows the whole call`, async ({
    page,
  }) => {
    test.slow();
    await useDemoProject(page);
    const paint = await openReview(page, kind);
    record(kind, "paint", paint);
    expect(paint.domNodes).toBeLessThan(MAX_DOM_NODES);
    expect(await page.evaluate(documentOverflowsSideways)).toBe(false);

    const whole = await page.evaluate(timeClick, "Show the whole call");
    record(kind, "show the whole call", whole);
    await expect(page.getByRole("region", { name: "Call summary" })).toBeVisible();
    expect(whole.domNodes).toBeLessThan(MAX_DOM_NODES);
    expect(await page.evaluate(documentOverflowsSideways)).toBe(false);

    // The whole output as text, windowed: the rows in view only, however large the value.
    const output = page.getByRole("region", { name: "Call output", exact: true });
    await output.getByRole("button", { name: /^(JSON text|Whole text)$/ }).click();
    const text = page.getByRole("region", { name: "Call output as text" });
    await expect(text).toBeVisible();
    await expect(output.getByText(/^[\d,]+ lines?$/)).toBeVisible({ timeout: 30_000 });
    expect(await text.locator(".leading-5").count()).toBeLessThan(80);
    expect(await page.evaluate(() => document.getElementsByTagName("*").length)).toBeLessThan(MAX_DOM_NODES);
    expect(await page.evaluate(documentOverflowsSideways)).toBe(false);
  });
}

test("a 5 MB answer folds, and its whole text scrolls to the end in the windowed view", async ({ page }) => {
  test.slow();
  await useDemoProject(page);
  await openReview(page, "big-string");
  const field = page.getByRole("region", { name: "output", exact: true });
  await field.getByRole("button", { name: "Open the whole text (5,000,000 characters)" }).click();
  const text = field.getByRole("region", { name: "The whole text of output" });
  await expect(field.getByText(/^[\d,]+ lines$/)).toBeVisible({ timeout: 30_000 });
  await text.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(text).toContainText("three working days.");
  expect(await text.locator(".leading-5").count()).toBeLessThan(80);
});

/** Opens the deep value's closed levels one by one until a level offers to open on its own. */
async function openLevelsToTheDrillDown(field: Locator): Promise<void> {
  const drillDown = field.getByRole("button", { name: "Open next on its own" });
  for (let clicks = 0; clicks < 30; clicks++) {
    if (await drillDown.isVisible()) return;
    await field.getByRole("button", { expanded: false }).first().click({ timeout: 5_000 });
  }
  throw new Error("no level offered to open on its own");
}

test("3,000 levels open one at a time and, past what the frame's width holds (21 levels at 1280 px), as a view of their own", async ({
  page,
}) => {
  test.slow();
  await useDemoProject(page);
  await openReview(page, "deep");
  const field = page.getByRole("region", { name: "output", exact: true });
  await openLevelsToTheDrillDown(field);
  await field.getByRole("button", { name: "Open next on its own" }).click();
  await expect(field.getByText(/Showing next on its own, at depth 2\d\./)).toBeVisible();
  await field.getByRole("button", { name: "Back to the top" }).focus();
  await page.keyboard.press("Enter");
  await expect(field.getByRole("button", { name: "Back to the top" })).toHaveCount(0);
  expect(await page.evaluate(documentOverflowsSideways)).toBe(false);
});

test("on a 390-px phone a deep value opens as views of their own while every row still has room to read", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await useDemoProject(page);
  await openReview(page, "deep");
  const field = page.getByRole("region", { name: "output", exact: true });
  await openLevelsToTheDrillDown(field);
  // Each key and value keeps at least this much of the frame's width, so no row is squeezed a letter a line.
  const frame = await field.boundingBox();
  const deepestKeys = await field
    .getByText("next", { exact: true })
    .evaluateAll((keys) => keys.map((key) => key.getBoundingClientRect().left));
  expect(frame).not.toBeNull();
  for (const left of deepestKeys) expect(frame!.x + frame!.width - left).toBeGreaterThan(150);
  await field.getByRole("button", { name: "Open next on its own" }).click();
  await expect(field.getByText(/Showing next on its own, at depth [4-9]\./)).toBeVisible();
  expect(await page.evaluate(documentOverflowsSideways)).toBe(false);
});

test("a 100 KB display-field path shows folded, within the window", async ({ page }) => {
  await useDemoProject(page);
  await openReview(page, "long-path");
  const field = page.getByRole("region", { name: /^inputs\.a\.a\.a.*… \(100,008 characters\)$/ });
  await expect(field).toContainText("Not present in this call.");
  await field.getByRole("button", { name: "Show the whole path (100,008 characters)" }).click();
  await expect(field.getByRole("region", { name: "The whole path" })).toBeVisible();
  expect(await page.evaluate(documentOverflowsSideways)).toBe(false);
  expect(await page.evaluate(() => document.getElementsByTagName("*").length)).toBeLessThan(MAX_DOM_NODES);
});

test("a right-to-left override in an op name, a user id and an exception shows as a marker; Arabic and Hebrew read as written", async ({
  page,
}) => {
  await useDemoProject(page);
  await openReview(page, "bidi");
  const main = page.locator("main");
  // The heading's op name and the details' op name, user id and exception.
  await expect(main.getByRole("img", { name: "hidden character U+202E, right-to-left override" })).toHaveCount(4);
  await expect(page.getByRole("heading", { level: 1 }).locator("..").getByText("⟨U+202E⟩rewsna.tnega")).toBeVisible();
  expect(await main.innerText()).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  const question = page.getByRole("region", { name: "inputs.question" }).getByText("أين طلبي؟ رقم الطلب 4417");
  await expect(question).toBeVisible();
  expect(await question.evaluate((element) => getComputedStyle(element.closest("bdi") ?? element).direction)).toBe(
    "rtl",
  );
  // In an answer that starts in English, the Hebrew paragraph still aligns right, the English one left.
  const answer = page.getByRole("region", { name: "output.answer" }).getByText(/^Order 4417/);
  const edges = await answer.evaluate((block) => {
    const text = block.textContent ?? "";
    const node = document.createTreeWalker(block, NodeFilter.SHOW_TEXT).nextNode()!;
    const leftOf = (word: string) => {
      const range = document.createRange();
      range.setStart(node, text.indexOf(word));
      range.setEnd(node, text.indexOf(word) + word.length);
      return range.getBoundingClientRect().left;
    };
    return { left: block.getBoundingClientRect().left, english: leftOf("Order"), hebrewLastWord: leftOf("רביעי") };
  });
  expect(Math.abs(edges.english - edges.left)).toBeLessThan(2);
  // Read right to left, the paragraph's last word is its leftmost: far from the left edge when the paragraph aligns right.
  expect(edges.hebrewLastWord - edges.left).toBeGreaterThan(50);
  await expectNoAxeViolations(page);
});

test("the review page of a wide call, with the whole call and its text open, has no axe violations in either theme", async ({
  page,
}) => {
  test.slow();
  // One load of this heavy page for both themes: the dark pass switches the scheme in place.
  await followSystemScheme(page);
  await useDemoProject(page);
  await openReview(page, "wide");
  await page.getByRole("button", { name: "Show the whole call" }).click();
  await page
    .getByRole("region", { name: "Call output", exact: true })
    .getByRole("button", { name: "JSON text" })
    .click();
  await expect(page.getByRole("region", { name: "Call output as text" })).toBeVisible();
  // Away from the buttons: a hovered primary button's <kbd> is a known contrast problem of its own.
  await page.mouse.move(0, 0);
  await expectNoAxeViolationsInBothThemes(page);
});
