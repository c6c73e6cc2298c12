import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { exportItems, itemRows, openScratchReview, queryItems, useDemoProject } from "./queues-support";

// An annotator answers every question of ten items by keyboard alone, with
// Complete & next, then finds every answer again after a reload: in the review, in the table's
// question columns, and in both export formats.

test.beforeEach(async ({ page }) => {
  await useDemoProject(page);
});

const RESOLUTIONS = ["Resolved", "Partly resolved", "Not resolved", "Made it worse"] as const;
/** What the annotator answers on the i-th item: a different value of each question every time. */
const answersFor = (i: number) => ({
  tone: 1 + (i % 5),
  resolution: RESOLUTIONS[i % 4]!,
  policy: i % 2 === 0,
  comment: `Item ${i + 1}: names the amount – ok ${"✓".repeat(i % 3)}`,
});

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

async function expectAnswersShown(page: Page, i: number): Promise<void> {
  const expected = answersFor(i);
  await expect(group(page, "Tone").getByRole("radio", { name: new RegExp(`^${expected.tone}`) })).toBeChecked();
  await expect(
    group(page, "Resolution").getByRole("radio", { name: new RegExp(`^${expected.resolution}`) }),
  ).toBeChecked();
  await expect(
    group(page, "Follows the refund policy").getByRole("radio", { name: expected.policy ? /^Yes/ : /^No/ }),
  ).toBeChecked();
  await expect(group(page, "Comment").getByRole("textbox")).toHaveValue(expected.comment);
}

/** The tooltip of a question's cell in the row of item `position`: who answered what, mine first. */
const answerTip = (page: Page, position: number, columnIndex: number): Locator =>
  itemRows(page)
    .filter({ has: page.getByRole("link", { name: `Open item ${position}`, exact: true }) })
    .getByRole("cell")
    .nth(columnIndex)
    .locator("[data-tip]");

test("ten items answered by keyboard with Complete & next: every answer is in the review, the table and the export after a reload", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await openScratchReview(page, request, testInfo, "annotate", 10, 2_000);

  for (let i = 0; i < 10; i++) {
    await expect(heading(page)).toHaveText(`Item ${i + 1} of 10`);
    await expect(group(page, "Tone")).toBeVisible();
    const answer = answersFor(i);
    // The number keys answer the highlighted question and move the highlight on: Tone, Resolution, policy.
    await page.keyboard.press(String(answer.tone));
    await page.keyboard.press(String(RESOLUTIONS.indexOf(answer.resolution) + 1));
    await page.keyboard.press(answer.policy ? "1" : "2");
    // The comment is highlighted now: e goes into it, Esc leaves it (saving) but stays on the item.
    await page.keyboard.press("e");
    await expect(group(page, "Comment").getByRole("textbox")).toBeFocused();
    // The seed has comments on some calls: what is typed replaces any.
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(answer.comment);
    await page.keyboard.press("Escape");
    await expect(heading(page)).toHaveText(`Item ${i + 1} of 10`);
    await page.keyboard.press("Shift+C");
  }
  // Every item was answered in full, so each single Complete & next moved on (the heading checks above).
  await expect(page.getByText("End of the queue.")).toBeVisible();

  // Reload on the last item, then walk back through all ten.
  await page.reload();
  await expect(heading(page)).toHaveText("Item 10 of 10");
  for (let i = 9; i >= 0; i--) {
    await expect(heading(page)).toHaveText(`Item ${i + 1} of 10`);
    await expectAnswersShown(page, i);
    if (i > 0) await page.keyboard.press("p");
  }
  await expectNoAxeViolations(page);

  // The table: a column per question; each row's tooltip starts with my answer.
  await page.keyboard.press("Escape");
  await expect(itemRows(page)).toHaveCount(10);
  const headers = await page.getByRole("columnheader").allInnerTexts();
  const toneAt = headers.findIndex((text) => text.trim() === "Tone");
  expect(headers.slice(toneAt, toneAt + 4).map((text) => text.trim())).toEqual([
    "Tone",
    "Resolution",
    "Follows the refund policy",
    "Comment",
  ]);
  for (let i = 0; i < 10; i++) {
    const answer = answersFor(i);
    await expect(answerTip(page, i + 1, toneAt)).toHaveAttribute("title", new RegExp(`^You: ${answer.tone}(;|$)`));
    await expect(answerTip(page, i + 1, toneAt + 1)).toHaveAttribute("title", `You: ${answer.resolution}`);
    await expect(answerTip(page, i + 1, toneAt + 2)).toHaveAttribute("title", `You: ${answer.policy ? "Yes" : "No"}`);
    await expect(answerTip(page, i + 1, toneAt + 3)).toHaveAttribute("title", `You: ${answer.comment}`);
  }
  await expectNoAxeViolations(page);

  // The export, in both formats.
  const jsonl = (await exportItems(page, "JSON Lines"))
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as { answers: Record<string, { annotator: string; value: unknown }[]> });
  expect(jsonl).toHaveLength(10);
  jsonl.forEach((line, i) => {
    const mine = (question: string) => line.answers[question]?.find((given) => given.annotator === "user-demo")?.value;
    const answer = answersFor(i);
    expect([mine("tone"), mine("resolution"), mine("follows_policy"), mine("reviewer_comment")]).toEqual([
      answer.tone,
      answer.resolution,
      answer.policy,
      answer.comment,
    ]);
  });
  const csv = (await exportItems(page, "CSV")).trimEnd().split("\r\n");
  expect(csv[0]).toContain(",answer.tone,answer.resolution,answer.follows_policy,answer.reviewer_comment");
  expect(csv).toHaveLength(11);
  // Tone is one answer per annotator: the cell names each ("user-demo: 4; user-maria: 5"), readable in a spreadsheet.
  csv.slice(1).forEach((line, i) => expect(line).toMatch(new RegExp(`(^|,|; )user-demo: ${answersFor(i).tone}(;|,)`)));
});

test("e into a comment written earlier puts the caret after it: what is typed is added at its end", async ({
  page,
  request,
}, testInfo) => {
  await openScratchReview(page, request, testInfo, "caret", 1, 4_000);
  const comment = group(page, "Comment").getByRole("textbox");
  // The highlight starts on the first question; the comment is the fourth.
  const intoComment = async () => {
    await expect(group(page, "Tone")).toBeVisible();
    for (const key of ["j", "j", "j", "e"]) await page.keyboard.press(key);
    await expect(comment).toBeFocused();
  };
  await intoComment();
  const before = await comment.inputValue();
  await page.keyboard.type("Polite");
  await page.keyboard.press("Escape");
  await expect(page.getByText("Saving…")).toHaveCount(0);
  // After a reload the field's text is set by the page, not typed: focus() alone would put the caret first.
  await page.reload();
  await expect(comment).toHaveValue(`${before}Polite`);
  await intoComment();
  await page.keyboard.type(", and names the amount");
  await expect(comment).toHaveValue(`${before}Polite, and names the amount`);
});

type FirstFrameWindow = {
  firstFrame?: Promise<{ heading: string; tone: string[] }>;
  choiceBackgrounds?: (question: string) => string[];
};

/** Runs in the page: leaves on `window.firstFrame` what the first animation frame after the next key shows. */
function armFirstFrame(): void {
  const w = window as FirstFrameWindow;
  // Each choice's background, in the question whose legend starts with `question`. Inside: this function runs in the
  // page, where the module's scope does not exist.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const backgrounds = (question: string) => {
    const field = [...document.querySelectorAll("fieldset")].find((f) =>
      f.querySelector("legend")?.textContent?.startsWith(question),
    );
    return [...(field?.querySelectorAll("label") ?? [])].map((label) => getComputedStyle(label).backgroundColor);
  };
  w.choiceBackgrounds = backgrounds;
  w.firstFrame = new Promise((resolve) => {
    document.addEventListener(
      "keydown",
      // The key's render is done by the first animation frame after it: that frame paints what is read here.
      () =>
        requestAnimationFrame(() =>
          resolve({ heading: document.querySelector("h1")?.textContent ?? "", tone: backgrounds("Tone") }),
        ),
      { once: true },
    );
  });
}

test("the next item shows its own answers from its first frame, and no choice changes size as the highlight moves", async ({
  page,
  request,
}, testInfo) => {
  await openScratchReview(page, request, testInfo, "first frame", 2, 5_000);
  await expect(heading(page)).toHaveText("Item 1 of 2");
  const choices = page.locator("fieldset label");
  const sizes = () =>
    choices.evaluateAll((labels) =>
      labels.map((label) => {
        const { width, height } = label.getBoundingClientRect();
        return `${Math.round(width)}×${Math.round(height)}`;
      }),
    );
  const before = await sizes();
  expect(before.length).toBeGreaterThan(8);
  // 1 answers Tone and moves the highlight (and the number keys' marks) on to Resolution.
  await page.keyboard.press("1");
  await expect(group(page, "Tone").getByRole("radio", { name: /^1/ })).toBeChecked();
  await expect(page.locator("[data-active-spec]")).toHaveAccessibleName("Resolution");
  expect(await sizes()).toEqual(before);
  // The marks follow the highlight: shown on Resolution's choices, hidden on Tone's.
  await expect(group(page, "Resolution").locator("kbd").first()).toBeVisible();
  await expect(group(page, "Tone").locator("kbd").first()).toBeHidden();

  // The next item and its answers are read ahead while this one is on screen.
  await expect(page.getByRole("button", { name: "Next", exact: true })).not.toHaveAttribute("aria-disabled");
  await page.waitForTimeout(1000);
  await page.evaluate(armFirstFrame);
  await page.keyboard.press("n");
  const first = await page.evaluate(() => (window as FirstFrameWindow).firstFrame);
  expect(first?.heading).toContain("Item 2 of 2");
  await expect(heading(page)).toHaveText("Item 2 of 2");
  await page.waitForTimeout(500);
  // A choice fading from the last item's answer to this one's would still show that answer, 1, in that frame.
  const settled = await page.evaluate(() => (window as FirstFrameWindow).choiceBackgrounds?.("Tone"));
  expect(first?.tone[0]).toBe(settled?.[0]);
});

test("Complete & next, then the page reloaded at once: the item stays completed", async ({
  page,
  request,
}, testInfo) => {
  // The request waits for the next item's frame to be drawn (lib/frame-hold.ts); a page left first sends it as it goes.
  const queueId = await openScratchReview(page, request, testInfo, "reload after complete", 2, 3_000, {
    questions: false,
  });
  await expect(heading(page)).toHaveText("Item 1 of 2");
  const [first] = await queryItems(request, queueId, { limit: 1 });
  // No questions: one press completes the item and moves on.
  await page.keyboard.press("Shift+C");
  await page.reload();
  await expect(heading(page)).toBeVisible();
  await expect
    .poll(async () => (await queryItems(request, queueId, { filter: { id: first!.id } }))[0]?.annotation_state, {
      timeout: 5_000,
    })
    .toBe("completed");
});
