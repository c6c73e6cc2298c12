import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createScratchQueue, PROJECT, queryItems, useDemoProject } from "./queues-support";

// Two of the demo's annotators, each with a key of their own, work one queue through the API; the
// lead (the demo user) sees each one's work on the queue's Insights page.

const MARIA = { id: "user-maria", key: "local-maria-key" };
const KENJI = { id: "user-kenji", key: "local-kenji-key" };

async function post(request: APIRequestContext, key: string, path: string, data: Record<string, unknown>) {
  const response = await request.post(`/api/trace${path}`, {
    data,
    headers: { Authorization: `Basic ${Buffer.from(`api:${key}`).toString("base64")}` },
  });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

test("two annotators' work, written with their own keys, shows per annotator on Insights", async ({
  page,
  request,
}) => {
  test.slow();
  // A question of this run only, so the calls' other answers (the demo's) do not count.
  const specId = `team_tone_${Date.now().toString(36)}`;
  const spec = await post(request, MARIA.key, "/obj/create", {
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
  const queue = await createScratchQueue(request, "team", 6, { scorerRefs: [specRef] });
  const items = await queryItems(request, queue.id, {});

  const work = async (who: typeof MARIA, index: number, tone: number | null, end: "completed" | "skipped" | null) => {
    const item = items[index]!;
    const progress = `/annotation_queues/${queue.id}/items/${item.id}/progress`;
    await post(request, who.key, progress, { project_id: PROJECT, annotation_state: "in_progress" });
    if (tone !== null)
      await post(request, who.key, "/feedback/create", {
        project_id: PROJECT,
        weave_ref: `weave:///${PROJECT}/call/${item.call_id}`,
        feedback_type: `wandb.annotation.${specId}`,
        annotation_ref: specRef,
        payload: { value: tone },
      });
    if (end) await post(request, who.key, progress, { project_id: PROJECT, annotation_state: end });
  };
  // Maria completes items 1-3 and skips item 4; Kenji then completes items 1-2 (agreeing on one,
  // one step apart on the other) and is still at work on item 5.
  await work(MARIA, 0, 4, "completed");
  await work(MARIA, 1, 2, "completed");
  await work(MARIA, 2, 5, "completed");
  await work(MARIA, 3, null, "skipped");
  await work(KENJI, 0, 4, "completed");
  await work(KENJI, 1, 3, "completed");
  await work(KENJI, 4, null, null);
  // The service records each writer as the item's latest.
  const after = await queryItems(request, queue.id, {});
  expect(after.map((item) => [item.annotation_state, item.annotator_user_id || null])).toEqual([
    ["completed", KENJI.id],
    ["completed", KENJI.id],
    ["completed", MARIA.id],
    ["skipped", MARIA.id],
    ["in_progress", KENJI.id],
    ["unstarted", null],
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
  await expect(maria.nth(4)).toHaveText("0");
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
