import { colourTransitionsDone, expect, expectNoAxeViolations, test } from "./fixtures";
import { createScratchQueue, PROJECT, queryItems, useDemoProject } from "./queues-support";
import { createSpec, tracePost } from "./trace-api-support";

// A judge's agreement with the team, and improving it: two annotators rate eight calls with their
// own keys, a judge's first version has verdicts on all eight (four of them not the team's rating).
// The judge's page shows its kappa; a prompt edit makes a second version, which is run on the first
// one's disagreements; then both versions stand side by side, on the same calls, with what changed.

const MARIA = "local-maria-key";
const KENJI = "local-kenji-key";
const DEMO = "local-demo-key";
const RATING = { type: "integer", minimum: 1, maximum: 5 };
const MODEL = "meta-llama/Llama-3.3-70B-Instruct";

/** The judge object as the dashboard saves one (judges/model/judge-value.ts: upstream's ActionSpec). */
const judgeValue = (queueId: string, specRef: string, prompt: string) => ({
  _type: "ActionSpec",
  _class_name: "ActionSpec",
  _bases: ["BaseObject", "BaseModel"],
  name: "Agreement judge",
  description: null,
  config: {
    action_type: "llm_judge",
    model: MODEL,
    prompt,
    response_schema: {
      type: "object",
      properties: { reasoning: { type: "string", maxLength: 2000 }, answer: RATING },
      required: ["reasoning", "answer"],
      additionalProperties: false,
    },
  },
  judge: { queue_id: queueId, spec_ref: specRef, service: "inference" },
});

test("see a judge's kappa, edit its prompt, run the new version on the disagreements, see what changed", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const specId = `judged_tone_${suffix}`;
  const specRef = await createSpec(request, MARIA, { id: specId, name: "Judged tone", schema: RATING, unique: true });
  const queue = await createScratchQueue(request, "judge agreement", 8, { scorerRefs: [specRef], offset: 3_000 });
  const items = await queryItems(request, queue.id, {});
  const callRef = (index: number) => `weave:///${PROJECT}/call/${items[index]!.call_id}`;

  // Maria and Kenji agree on every call: the team's rating is theirs.
  const team = [5, 4, 3, 2, 1, 5, 4, 3];
  for (const key of [MARIA, KENJI])
    for (const [index, value] of team.entries())
      await tracePost(request, key, "/feedback/create", {
        project_id: PROJECT,
        weave_ref: callRef(index),
        feedback_type: `wandb.annotation.${specId}`,
        annotation_ref: specRef,
        payload: { value },
      });

  const judgeId = `judge-agreement-${suffix}`;
  const saved = await tracePost(request, DEMO, "/obj/create", {
    obj: {
      project_id: PROJECT,
      object_id: judgeId,
      val: judgeValue(queue.id, specRef, "Rate the tone of this reply for {{question}}: {{output}}"),
    },
  });
  const judgeRef = `weave:///${PROJECT}/object/${judgeId}:${String(saved.digest)}`;
  // The first version's verdicts: right on the first four calls, wrong on the last four.
  const verdicts = [5, 4, 3, 2, 3, 1, 1, 5];
  for (const [index, answer] of verdicts.entries())
    await tracePost(request, DEMO, "/feedback/create", {
      project_id: PROJECT,
      weave_ref: callRef(index),
      feedback_type: `wandb.runnable.${judgeId}`,
      runnable_ref: judgeRef,
      payload: { output: { answer, reasoning: `Seeded verdict ${answer}` } },
    });

  await useDemoProject(page);
  await page.goto(`/queues/${queue.id}/judges/${judgeId}?annotation_project=${encodeURIComponent(PROJECT)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Agreement judge" })).toBeVisible();
  const figures = page.getByRole("table", { name: "Against the team's answer" });
  // 4 of 8 agree; chance (2·2 + 1·2 + 2·2 + 1·1 + 2·1) / 64 = 13/64; kappa (1/2 - 13/64) / (51/64) = 19/51.
  await expect(figures.getByRole("row", { name: /Accuracy/ })).toContainText("50%");
  await expect(figures.getByRole("row", { name: /Cohen's kappa/ })).toContainText("0.37");
  await expect(page.getByText("v0: kappa 0.37, fair agreement; n too small (under 20).")).toBeVisible();
  const disagreements = page.getByRole("table", { name: "Where v0 disagrees with the team" });
  await expect(disagreements.getByRole("link")).toHaveCount(4);
  await expectNoAxeViolations(page);

  // Edit the prompt: a new version, compared with the first.
  const form = page.getByRole("form", { name: "Judge" });
  await form.getByRole("textbox", { name: "Prompt" }).fill("Rate how warm this reply is, for {{question}}: {{output}}");
  await expect(page.getByText(/Every placeholder is found in the queue's first \d+ calls/)).toBeVisible();
  await form.getByRole("button", { name: "Save as a new version" }).click();
  const improve = page.getByRole("region", { name: "Improve: v1 against v0" });
  await expect(improve).toBeVisible();
  await expect(page.getByText("v1 has no verdicts yet: run it (above) to measure it.")).toBeVisible();

  await improve.getByRole("button", { name: "Run on the 4 disagreements of v0" }).click();
  await expect(page.getByText(/^Finished: 4 of 4 calls judged\./)).toBeVisible({ timeout: 30_000 });
  // The outcomes are read again: v1 stands beside v0, on the whole queue and on the calls both judged.
  await expect(figures.getByRole("columnheader")).toHaveText(["Figure", "v0", "v1", "Change"]);
  const same = improve.getByRole("table", { name: "v0 and v1 on the calls both judged" });
  await expect(same.getByRole("row", { name: /Calls compared/ }).getByRole("cell")).toHaveText(["4", "4", "0"]);
  // On v0's disagreements v0 was right nowhere, so a changed verdict is fixed or still wrong.
  const changed = improve.getByRole("table", { name: "Verdicts that changed from v0 to v1" });
  await expect(changed.getByRole("link").first()).toHaveAttribute("href", new RegExp(`/queues/${queue.id}/items/`));
  await expect(changed.getByText(/^Broken/)).toHaveCount(0);
  await expect(improve.getByRole("button", { name: "Run on the 4 disagreements of v0" })).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.getByRole("radio", { name: "Dark" }).check();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // Mid-way through the theme's colour transitions a control's colours are neither theme's: axe must not judge those.
  await colourTransitionsDone(page);
  // The same state in the other theme: only the colour rules can find anything new (expectNoAxeViolationsInBothThemes).
  await expectNoAxeViolations(page, { colourOnly: true });
});
