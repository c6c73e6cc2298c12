import type { APIRequestContext } from "@playwright/test";
import { objectRefOf } from "../contract/weave-refs";
import { valueFromDraft } from "../src/features/queues/judges/model/judge-value";
import { failureRequest, verdictRequest } from "../src/features/queues/judges/model/verdicts";
import { DEMO_KEY, expect, expectNoAxeViolations, test } from "./fixtures";
import { createScratchQueue, PROJECT, queryItems, useDemoProject } from "./queues-support";
import { createSpec, tracePost } from "./trace-api-support";

// A queue where people answered a few calls and a judge the rest: the Train page takes the judge's
// verdicts where no one answered, shows its (too thin) agreement with the team, asks before
// Start, and the job starts. The judge and its verdicts are written as the judges' pages write
// them (valueFromDraft, verdictRequest, failureRequest), through the service's API.

const MARIA_KEY = "local-maria-key";
const RATING = { type: "integer", minimum: 1, maximum: 5 };

/** A rating of this run only, an 8-item queue asking it, Maria's answers on the first three, a judge's on the rest. */
async function judgedQueue(request: APIRequestContext) {
  const run = Date.now().toString(36);
  const specId = `judged_tone_${run}`;
  const specRef = await createSpec(request, MARIA_KEY, {
    id: specId,
    name: "Judged tone",
    schema: RATING,
    unique: true,
  });
  const queue = await createScratchQueue(request, "judge", 8, { scorerRefs: [specRef] });
  const items = await queryItems(request, queue.id, {});

  for (const [index, tone] of [4, 2, 5].entries()) {
    const item = items[index]!;
    const progress = `/annotation_queues/${queue.id}/items/${item.id}/progress`;
    await tracePost(request, MARIA_KEY, progress, { project_id: PROJECT, annotation_state: "in_progress" });
    await tracePost(request, MARIA_KEY, "/feedback/create", {
      project_id: PROJECT,
      weave_ref: `weave:///${PROJECT}/call/${item.call_id}`,
      feedback_type: `wandb.annotation.${specId}`,
      annotation_ref: specRef,
      payload: { value: tone },
    });
    await tracePost(request, MARIA_KEY, progress, { project_id: PROJECT, annotation_state: "completed" });
  }

  const judgeId = `judge-e2e-tone-${run}`;
  const value = valueFromDraft(
    {
      name: "Tone judge",
      description: "",
      model: "meta-llama/Llama-3.3-70B-Instruct",
      service: "inference",
      prompt: "Rate the {{question}} of this answer: {{output.answer}}",
      queueId: queue.id,
      specRef,
    },
    RATING,
  );
  const saved = await tracePost(request, DEMO_KEY, "/obj/create", {
    obj: { project_id: PROJECT, object_id: judgeId, val: value },
  });
  const judge = { id: judgeId, ref: objectRefOf(PROJECT, judgeId, String(saved.digest)) };
  // The judge also answered the third call (Maria's 5), and could not answer the last one.
  for (const [index, tone] of [
    [2, 5],
    [3, 1],
    [4, 3],
    [5, 4],
    [6, 2],
  ] as const)
    await tracePost(
      request,
      DEMO_KEY,
      "/feedback/create",
      verdictRequest(PROJECT, judge, items[index]!.call_id, { answer: tone, reasoning: "[e2e] the tone" }),
    );
  await tracePost(
    request,
    DEMO_KEY,
    "/feedback/create",
    failureRequest(PROJECT, judge, items[7]!.call_id, { kind: "malformed", reason: "the reply was prose" }),
  );
  return { queue, judgeId };
}

test.beforeEach(async ({ page }) => {
  await useDemoProject(page, { theme: "light" });
});

test("trains from people's answers and a judge's verdicts where no one answered, after a warning", async ({
  page,
  request,
}) => {
  test.slow();
  const { queue, judgeId } = await judgedQueue(request);
  await page.goto(`/queues/${queue.id}/train`);
  await expect(page.getByRole("heading", { level: 1, name: `Train from this queue: ${queue.name}` })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Question" })).toHaveValue(/^judged_tone_/, { timeout: 20_000 });

  await page.getByRole("radio", { name: "Annotators, and a judge where no one answered" }).check();
  await expect(page).toHaveURL(new RegExp(`[?&]judge=${judgeId}(&|$)`));
  await expect(page.getByRole("combobox", { name: "Judge", exact: true })).toHaveValue(judgeId);
  await expect(page.getByRole("combobox", { name: "Judge version" })).toHaveValue(/.+/);
  // The unanswered items are not started: choosing the judge counts them.
  await expect(page.getByRole("checkbox", { name: /^Not started/ })).toBeChecked();

  // Only one call was answered by both: too few to trust, whatever the figures.
  const agreement = page.getByRole("region", { name: "The judge's agreement with the team" });
  await expect(agreement.getByText("Calls").locator("xpath=following-sibling::dd")).toHaveText("1");
  await expect(
    page.getByRole("note").filter({ hasText: "its rewards may teach the model the wrong thing." }),
  ).toBeVisible();

  await page.getByRole("radio", { name: /Fixed-size groups/ }).check();
  await expect(page.getByTestId("reward-sources")).toHaveText("Rewards in groups: 3 from people, 4 from Tone judge v0");
  const unusable = page.getByRole("table", { name: /cannot be used, with the reason/ });
  const failed = unusable.getByRole("row").filter({ hasText: "The judge could not answer" });
  await expect(failed).toContainText("the reply was prose");
  await expectNoAxeViolations(page);

  await page.getByRole("radio", { name: "A new model" }).check();
  await page.getByRole("button", { name: "Start RL job" }).click();
  const confirm = page.getByRole("dialog", { name: "Train on this judge's rewards?" });
  await expect(confirm).toContainText("its rewards may teach the model the wrong thing.");
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Start anyway" }).click();

  await expect(page).toHaveURL(/\/training\/jobs\/job_/, { timeout: 15_000 });
  await expect(page.getByTestId("job-steps")).toHaveText(/^\d+ \/ 2$/, { timeout: 15_000 });
  await expectNoAxeViolations(page);
});
