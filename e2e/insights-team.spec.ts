import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createScratchQueue, PROJECT, queryItems, useDemoProject } from "./queues-support";
import { tracePost } from "./trace-api-support";

// Two of the demo's annotators, each with a key of their own, work one queue through the API; the
// lead (the demo user) sees each one's work on the queue's Insights page and on the queue's page.

const MARIA = { id: "user-maria", key: "local-maria-key" };
const KENJI = { id: "user-kenji", key: "local-kenji-key" };
/** The claim record and the team settings object as stored (team/claims.ts, team/team-settings.ts), written as any client would. */
const CLAIM_FEEDBACK_TYPE = "wbops.claim";
const teamSettingsObject = (queueId: string, answersPerItem: number) => ({
  project_id: PROJECT,
  object_id: `queue-team-settings-${queueId}`,
  val: { queue_id: queueId, claim_timeout_minutes: 30, answers_per_item: answersPerItem, blind_review: false },
});

/**
 * A question of this run only (so the calls' other answers, the demo's, do not count), a six-item
 * queue asking it, and `work`: one annotator's progress and answer on an item, written with their
 * own key. A claim leaves its claim record, as the review's work mode does; `claimRecord: false`
 * claims as another tool would, with none.
 */
async function teamQueue(request: APIRequestContext, label: string) {
  const specId = `team_tone_${Date.now().toString(36)}`;
  const spec = await tracePost(request, MARIA.key, "/obj/create", {
    obj: {
      project_id: PROJECT,
      object_id: specId,
      val: {
        name: "Team tone",
        field_schema: { type: "integer", minimum: 1, maximum: 5 },
        unique_among_creators: true,
      },
      builtin_object_class: "AnnotationSpec",
    },
  });
  const specRef = `weave:///${PROJECT}/object/${specId}:${String(spec.digest)}`;
  const queue = await createScratchQueue(request, label, 6, { scorerRefs: [specRef] });
  const items = await queryItems(request, queue.id, {});
  const work = async (
    who: typeof MARIA,
    index: number,
    tone: number | null,
    end: "completed" | "skipped" | null,
    options: { claimRecord?: boolean } = {},
  ) => {
    const item = items[index]!;
    const progress = `/annotation_queues/${queue.id}/items/${item.id}/progress`;
    const callRef = `weave:///${PROJECT}/call/${item.call_id}`;
    await tracePost(request, who.key, progress, { project_id: PROJECT, annotation_state: "in_progress" });
    if (options.claimRecord !== false)
      await tracePost(request, who.key, "/feedback/create", {
        project_id: PROJECT,
        weave_ref: callRef,
        feedback_type: CLAIM_FEEDBACK_TYPE,
        payload: { queue_id: queue.id, item_id: item.id },
      });
    if (tone !== null)
      await tracePost(request, who.key, "/feedback/create", {
        project_id: PROJECT,
        weave_ref: callRef,
        feedback_type: `wandb.annotation.${specId}`,
        annotation_ref: specRef,
        payload: { value: tone },
      });
    if (end) await tracePost(request, who.key, progress, { project_id: PROJECT, annotation_state: end });
  };
  return { queue, items, work };
}

test("two annotators' work, written with their own keys, shows per annotator on Insights", async ({
  page,
  request,
}) => {
  test.slow();
  const { queue, work } = await teamQueue(request, "team");
  // Maria completes items 1-3 and skips item 4; Kenji then completes items 1-2 (agreeing on one,
  // one step apart on the other) and is still at work on item 5. Item 6 was left in progress by
  // Maria without a claim record (another tool): a claim nobody can date, so a stale one.
  await work(MARIA, 0, 4, "completed");
  await work(MARIA, 1, 2, "completed");
  await work(MARIA, 2, 5, "completed");
  await work(MARIA, 3, null, "skipped");
  await work(KENJI, 0, 4, "completed");
  await work(KENJI, 1, 3, "completed");
  await work(KENJI, 4, null, null);
  await work(MARIA, 5, null, null, { claimRecord: false });
  // The service records each writer as the item's latest.
  const after = await queryItems(request, queue.id, {});
  expect(after.map((item) => [item.annotation_state, item.annotator_user_id || null])).toEqual([
    ["completed", KENJI.id],
    ["completed", KENJI.id],
    ["completed", MARIA.id],
    ["skipped", MARIA.id],
    ["in_progress", KENJI.id],
    ["in_progress", MARIA.id],
  ]);

  await useDemoProject(page);
  await page.goto(`/queues/${queue.id}/insights`);
  const team = page.getByRole("table", { name: /Who did what/ });
  await expect(team).toBeVisible({ timeout: 60_000 });
  const rowOf = (id: string) => team.getByRole("row").filter({ has: page.getByRole("rowheader", { name: id }) });
  await expect(team.getByRole("row")).toHaveCount(3);
  // Annotator, completed today, completed, skipped today, skipped, in progress, time per item, agreement.
  const maria = rowOf(MARIA.id).getByRole("cell");
  await expect(maria.nth(0)).toHaveText("3");
  await expect(maria.nth(1)).toHaveText("3");
  await expect(maria.nth(2)).toHaveText(/Not known: the service does not date a skip/);
  await expect(maria.nth(3)).toHaveText("1");
  await expect(maria.nth(4)).toHaveText("01 stale claim");
  await expect(maria.nth(5)).toContainText(/over [12] items?/);
  await expect(maria.nth(6)).toContainText("2 pairs on 2 items");
  const kenji = rowOf(KENJI.id).getByRole("cell");
  await expect(kenji.nth(0)).toHaveText("2");
  await expect(kenji.nth(1)).toHaveText("2");
  await expect(kenji.nth(3)).toHaveText("0");
  await expect(kenji.nth(4)).toHaveText("1");
  await expect(kenji.nth(6)).toContainText("2 pairs on 2 items");
  // With two annotators, each one's agreement with the other is the question's alpha.
  const alpha = page
    .getByRole("table", { name: /Agreement between annotators per question/ })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: /^Team tone/ }) })
    .getByRole("cell")
    .first();
  const shown = (await alpha.textContent()) ?? "";
  expect(shown).toMatch(/^-?\d\.\d{3}$/);
  await expect(maria.nth(6)).toContainText(shown);
  await expect(kenji.nth(6)).toContainText(shown);

  await expectNoAxeViolations(page);
});

test("the queue page's team panel shows who did what, and with two answers per item what is done", async ({
  page,
  request,
}) => {
  test.slow();
  const { queue, work } = await teamQueue(request, "team-panel");
  await tracePost(request, MARIA.key, "/obj/create", { obj: teamSettingsObject(queue.id, 2) });
  // Both answer items 1 and 2; Maria alone answers item 3 and is at work on item 4.
  await work(MARIA, 0, 4, "completed");
  await work(KENJI, 0, 5, "completed");
  await work(MARIA, 1, 2, "completed");
  await work(KENJI, 1, 2, "completed");
  await work(MARIA, 2, 3, "completed");
  await work(MARIA, 3, null, null);

  await useDemoProject(page);
  await page.goto(`/queues/${queue.id}`);
  await expect(page.getByRole("table", { name: queue.name })).toBeVisible();
  const team = page.getByRole("table", { name: /Who did what/ });
  await expect(team).toHaveCount(0);
  await page.getByText("Team: who did what").click();
  await expect(team).toBeVisible({ timeout: 60_000 });
  // Item 3 is completed, but by one annotator of the two asked for.
  await expect(page.getByText(/items · 2 done \(2 answers each\) · 3 completed/)).toBeVisible();
  const rowOf = (id: string) => team.getByRole("row").filter({ has: page.getByRole("rowheader", { name: id }) });
  const maria = rowOf(MARIA.id).getByRole("cell");
  await expect(maria.nth(1)).toHaveText("3");
  await expect(maria.nth(4)).toHaveText("1");
  await expect(maria.nth(6)).toContainText("2 pairs on 2 items");
  await expect(rowOf(KENJI.id).getByRole("cell").nth(1)).toHaveText("2");
  await expectNoAxeViolations(page);

  // Insights says the same, from the same read.
  await page.getByRole("link", { name: "All of this queue's insights" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Insights/ })).toBeVisible();
  await expect(page.getByText(/items · 2 done \(2 answers each\) · 3 completed/)).toBeVisible();
});
