import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_KEY, expect, expectNoAxeViolations, test } from "./fixtures";
import { createScratchQueue, PROJECT, queryItems, useDemoProject, waitForJudgeModels } from "./queues-support";
import { createSpec, tracePost } from "./trace-api-support";

// The whole loop with nothing seeded but the team's answers: a judge is made by keyboard and run
// over a queue (the local inference service simulates the model), its verdicts stand as suggestions
// in the review, where one is accepted and one corrected by keyboard; its agreement with the team
// shows on its page, a prompt edit makes a second version that is run and compared with the first;
// and an RL job is started with the judge's verdicts as the rewards where no one answered.

const MARIA_KEY = "local-maria-key";
const KENJI_KEY = "local-kenji-key";
const RATING = { type: "integer", minimum: 1, maximum: 5 };
/** Calls of the demo's big queue from here on: no other spec answers or judges them. */
const CALLS_OFFSET = 5_500;
const QUEUE_SIZE = 10;
/** The team answers the first six calls; the judge alone answers the rest. */
const TEAM_ANSWERS = [5, 4, 2, 1, 3, 4];

/** Every feedback row of one type on one call. */
async function rowsOf(request: APIRequestContext, callId: string, type: string) {
  const { result } = (await tracePost(request, DEMO_KEY, "/feedback/query", {
    project_id: PROJECT,
    query: {
      $expr: {
        $and: [
          { $eq: [{ $getField: "weave_ref" }, { $literal: `weave:///${PROJECT}/call/${callId}` }] },
          { $eq: [{ $getField: "feedback_type" }, { $literal: type }] },
        ],
      },
    },
  })) as { result: { wb_user_id: string; payload: Record<string, unknown> }[] };
  return result;
}

/** The suggested rating on the review's question: the one option named as the judge's, checked. */
async function suggestedRating(page: Page): Promise<number> {
  await expect(page.getByRole("radio", { name: /Judge's suggestion, not saved/, checked: true })).toHaveCount(1);
  for (let value = RATING.minimum; value <= RATING.maximum; value++) {
    const option = page.getByRole("radio", { name: new RegExp(`^${value} Judge's suggestion`) });
    if ((await option.count()) === 1) return value;
  }
  throw new Error("no rating is marked as the judge's suggestion");
}

test("a judge made, run, accepted and corrected in the review, improved, and trained on", async ({ page, request }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const specId = `loop_tone_${run}`;
  const specRef = await createSpec(request, MARIA_KEY, { id: specId, name: "Loop tone", schema: RATING, unique: true });
  const queue = await createScratchQueue(request, "judge loop", QUEUE_SIZE, {
    scorerRefs: [specRef],
    offset: CALLS_OFFSET,
  });
  const items = await queryItems(request, queue.id, {});
  for (const key of [MARIA_KEY, KENJI_KEY])
    for (const [index, value] of TEAM_ANSWERS.entries())
      await tracePost(request, key, "/feedback/create", {
        project_id: PROJECT,
        weave_ref: `weave:///${PROJECT}/call/${items[index]!.call_id}`,
        feedback_type: `wandb.annotation.${specId}`,
        annotation_ref: specRef,
        payload: { value },
      });

  // Make the judge by keyboard.
  await useDemoProject(page, { theme: "light" });
  await page.goto(`/queues/${queue.id}/judges`);
  await page.getByRole("link", { name: "New judge" }).first().focus();
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "Name" }).focus();
  await page.keyboard.type(`Loop judge ${run}`);
  const model = page.getByRole("combobox", { name: "Model" });
  await waitForJudgeModels(model);
  await model.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText(/Every placeholder is found in the queue's first \d+ calls/)).toBeVisible();
  await page.getByRole("button", { name: "Save as a new version" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Loop judge ${run}` })).toBeVisible();
  const judgeUrl = page.url();
  const judgeId = new URL(judgeUrl).pathname.split("/judges/")[1]!;

  // Run it over every call.
  await page.getByRole("radio", { name: "All calls" }).check();
  await expect(page.getByText(new RegExp(`^${QUEUE_SIZE} calls to ask`))).toBeVisible();
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(page.getByText(new RegExp(`^Finished: ${QUEUE_SIZE} of ${QUEUE_SIZE} calls judged`))).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText("Simulated: no language model ran", { exact: false })).toBeVisible();

  // The review of a call no one answered: the verdict stands as a suggestion; `a` accepts it.
  const accepted = items[6]!;
  await page.goto(`/queues/${queue.id}/items/${accepted.id}`);
  const acceptedValue = await suggestedRating(page);
  await page.keyboard.press("a");
  await expect
    .poll(async () =>
      (await rowsOf(request, accepted.call_id, `wandb.annotation.${specId}`)).map((r) => r.payload.value),
    )
    .toEqual([acceptedValue]);

  // Another: a different rating by its number key is a correction; the verdict stays beside it.
  const corrected = items[7]!;
  await page.goto(`/queues/${queue.id}/items/${corrected.id}`);
  const verdictValue = await suggestedRating(page);
  const correction = verdictValue === 1 ? 2 : 1;
  await page.keyboard.press(String(correction));
  await expect(page.getByText(`Judge said ${verdictValue}`, { exact: false })).toBeVisible();
  await expect
    .poll(async () =>
      (await rowsOf(request, corrected.call_id, `wandb.annotation.${specId}`)).map((r) => r.payload.value),
    )
    .toEqual([correction]);
  const verdicts = await rowsOf(request, corrected.call_id, `wandb.runnable.${judgeId}`);
  expect(verdicts.map((row) => (row.payload.output as { answer: number }).answer)).toEqual([verdictValue]);
  await expectNoAxeViolations(page);

  // Its agreement with the team, then a second version from an edited prompt, run on a held-out sample.
  await page.goto(judgeUrl);
  const figures = page.getByRole("table", { name: "Against the team's answer" });
  await expect(figures.getByRole("row", { name: /Cohen's kappa/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^v0: kappa /)).toBeVisible();
  const form = page.getByRole("form", { name: "Judge" });
  const prompt = form.getByRole("textbox", { name: "Prompt" });
  await prompt.focus();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nBe strict: a cold reply is a 1.");
  await form.getByRole("button", { name: "Save as a new version" }).click();
  const improve = page.getByRole("region", { name: "Improve: v1 against v0" });
  await expect(improve).toBeVisible();
  const heldOut = improve.getByRole("button", { name: /^Run on a held-out sample of \d+$/ });
  const disagreements = improve.getByRole("button", { name: /^Run on the \d+ disagreements? of v0$/ });
  await ((await disagreements.isVisible()) ? disagreements : heldOut).click();
  await expect(page.getByText(/^Finished: \d+ of \d+ calls judged\./)).toBeVisible({ timeout: 60_000 });
  // Both versions side by side, with the change between them.
  await expect(figures.getByRole("columnheader")).toHaveText(["Figure", "v0", "v1", "Change"], { timeout: 20_000 });
  await expect(improve.getByRole("table", { name: "v0 and v1 on the calls both judged" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Train with the judge's verdicts where no one answered.
  await page.goto(`/queues/${queue.id}/train`);
  await expect(page.getByRole("combobox", { name: "Question" })).toHaveValue(specId, { timeout: 20_000 });
  await page.getByRole("radio", { name: "Annotators, and a judge where no one answered" }).check();
  await expect(page.getByRole("combobox", { name: "Judge", exact: true })).toHaveValue(judgeId);
  // The first version: it judged every call (the second only the calls of its improvement run).
  const version = page.getByRole("combobox", { name: "Judge version" });
  const first = await version.locator("option", { hasText: /^v0 / }).getAttribute("value");
  await version.selectOption(first!);
  await page.getByRole("radio", { name: /Fixed-size groups/ }).check();
  await expect(page.getByTestId("reward-sources")).toHaveText(/ from people, [1-9]\d* from Loop judge/);
  await page.getByRole("radio", { name: "A new model" }).check();
  await page.getByRole("button", { name: "Start RL job" }).click();
  const confirm = page.getByRole("dialog", { name: "Train on this judge's rewards?" });
  await confirm.getByRole("button", { name: "Start anyway" }).click();
  await expect(page).toHaveURL(/\/training\/jobs\/job_/, { timeout: 15_000 });
  await expectNoAxeViolations(page);
});
