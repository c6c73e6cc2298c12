import type { APIRequestContext } from "@playwright/test";
import { DEMO_KEY, expect, expectNoAxeViolations, test } from "./fixtures";
import { createScratchQueue, PROJECT, queryItems, useDemoProject } from "./queues-support";
import { createSpec, tracePost } from "./trace-api-support";

// A queue's judges have answered an item: the review shows each verdict pre-selected and marked as
// the judge's; the annotator corrects one by keyboard and accepts the other with `a`. The service
// then holds both answers as the annotator's, and the judges' verdicts unchanged beside them.

const objectRef = (id: string, digest: string) => `weave:///${PROJECT}/object/${id}:${digest}`;

/**
 * A judge as the judges page stores one (an ActionSpec whose config is an LlmJudgeActionConfig, with
 * our `judge` block: docs/llm-judges.md), and its verdict on a call as upstream's actions worker
 * writes one (weave/trace_server/actions_worker/dispatcher.py).
 */
async function judgeWithVerdict(
  request: APIRequestContext,
  judge: { id: string; name: string; queueId: string; specRef: string; schema: object },
  callId: string,
  verdict: { answer: unknown; reasoning: string },
) {
  const { digest } = await tracePost<{ digest: string }>(request, DEMO_KEY, "/obj/create", {
    obj: {
      project_id: PROJECT,
      object_id: judge.id,
      val: {
        _type: "ActionSpec",
        name: judge.name,
        description: null,
        config: {
          action_type: "llm_judge",
          model: "meta-llama/Llama-3.3-70B-Instruct",
          prompt: "Answer {{question}} for the call.",
          response_schema: {
            type: "object",
            properties: { reasoning: { type: "string", maxLength: 2000 }, answer: judge.schema },
            required: ["reasoning", "answer"],
            additionalProperties: false,
          },
        },
        judge: { queue_id: judge.queueId, spec_ref: judge.specRef, service: "inference" },
        _class_name: "ActionSpec",
        _bases: ["BaseObject", "BaseModel"],
      },
    },
  });
  await tracePost(request, DEMO_KEY, "/feedback/create", {
    project_id: PROJECT,
    weave_ref: `weave:///${PROJECT}/call/${callId}`,
    feedback_type: `wandb.runnable.${judge.id}`,
    runnable_ref: objectRef(judge.id, digest),
    payload: { output: verdict },
  });
}

type Row = { feedback_type: string; wb_user_id: string; payload: { value?: unknown; output?: { answer: unknown } } };

/** The call's feedback as the service holds it: [type, value or verdict, by], claims left out. */
async function feedbackOn(request: APIRequestContext, callId: string): Promise<[string, unknown, string][]> {
  const { result } = await tracePost<{ result: Row[] }>(request, DEMO_KEY, "/feedback/query", {
    project_id: PROJECT,
    query: { $expr: { $eq: [{ $getField: "weave_ref" }, { $literal: `weave:///${PROJECT}/call/${callId}` }] } },
    sort_by: [{ field: "created_at", direction: "asc" }],
  });
  return result
    .filter((row) => row.feedback_type !== "wbops.claim")
    .map((row) => [row.feedback_type, row.payload.value ?? row.payload.output?.answer, row.wb_user_id]);
}

test.beforeEach(async ({ page }) => {
  await useDemoProject(page);
});

test("a judge's verdicts stand as marked suggestions: one corrected and one accepted by keyboard, both kept beside the verdicts", async ({
  page,
  request,
}, testInfo) => {
  const stamp = `${Date.now().toString(36)}${testInfo.retry}`;
  const toneId = `judged_tone_${stamp}`;
  const resolutionId = `judged_resolution_${stamp}`;
  const toneSchema = { type: "integer", minimum: 1, maximum: 5 };
  const resolutionSchema = { type: "string", enum: ["Resolved", "Not resolved"] };
  const toneRef = await createSpec(request, DEMO_KEY, {
    id: toneId,
    name: "Judged tone",
    schema: toneSchema,
    unique: true,
  });
  const resolutionRef = await createSpec(request, DEMO_KEY, {
    id: resolutionId,
    name: "Judged resolution",
    schema: resolutionSchema,
    unique: false,
  });
  const queue = await createScratchQueue(request, "judge suggestions", 2, {
    scorerRefs: [toneRef, resolutionRef],
    offset: 6_000 + 10 * testInfo.retry,
  });
  const [item] = await queryItems(request, queue.id, { limit: 1 });
  const callId = item!.call_id;
  const toneJudge = `judge-e2e-tone-${stamp}`;
  const resolutionJudge = `judge-e2e-resolution-${stamp}`;
  await judgeWithVerdict(
    request,
    { id: toneJudge, name: "Tone judge", queueId: queue.id, specRef: toneRef, schema: toneSchema },
    callId,
    { answer: 4, reasoning: "Warm, and it names the refund amount." },
  );
  await judgeWithVerdict(
    request,
    {
      id: resolutionJudge,
      name: "Resolution judge",
      queueId: queue.id,
      specRef: resolutionRef,
      schema: resolutionSchema,
    },
    callId,
    { answer: "Resolved", reasoning: "The customer got a date for the refund." },
  );

  await page.goto(`/queues/${queue.id}/items/${item!.id}`);
  const tone = page.getByRole("group", { name: "Judged tone", exact: true });
  const resolution = page.getByRole("group", { name: "Judged resolution", exact: true });
  await expect(tone.getByRole("radio", { name: /^4 Judge's suggestion, not saved/ })).toBeChecked();
  await expect(resolution.getByRole("radio", { name: /^Resolved Judge's suggestion/ })).toBeChecked();
  await expect(tone.getByText("Suggested by the judge")).toBeVisible();
  await tone.getByText("Why?").click();
  await expect(tone.getByText("Warm, and it names the refund amount.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept the judge's suggestions" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Shown, not saved.
  expect(await feedbackOn(request, callId)).toEqual([
    [`wandb.runnable.${toneJudge}`, 4, "user-demo"],
    [`wandb.runnable.${resolutionJudge}`, "Resolved", "user-demo"],
  ]);

  // Correct the resolution (j to it, 2 = "Not resolved"), then accept what is left with a.
  // The keys act on the page, not on the "Why?" just opened.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("j");
  await page.keyboard.press("2");
  await expect(resolution.getByRole("radio", { name: /^Not resolved/ })).toBeChecked();
  await expect(resolution.getByText(/Judge said/)).toContainText("Judge said Resolved");
  await page.keyboard.press("a");
  await expect(tone.getByRole("radio", { name: /^4$/ })).toBeChecked();
  await expect(tone.getByText(/Judge said/)).toContainText("Judge said 4");
  await expect(page.getByRole("button", { name: /Accept the judge's/ })).toHaveCount(0);

  await expect
    .poll(async () => (await feedbackOn(request, callId)).toSorted((a, b) => a[0].localeCompare(b[0])))
    .toEqual(
      [
        [`wandb.annotation.${resolutionId}`, "Not resolved", "user-demo"],
        [`wandb.annotation.${toneId}`, 4, "user-demo"],
        [`wandb.runnable.${resolutionJudge}`, "Resolved", "user-demo"],
        [`wandb.runnable.${toneJudge}`, 4, "user-demo"],
      ].toSorted((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  await expectNoAxeViolations(page);
});
