import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { DEMO_KEY, expect, expectNoAxeViolations, test } from "./fixtures";
import { createScratchQueue, PROJECT, queryItems } from "./queues-support";

// A team on one queue, as two people in two browsers: each works in work mode with their own key,
// and the service's per-annotator progress is read back to prove no item was completed twice.

const DEMO = { id: "user-demo", key: DEMO_KEY };
const MARIA = { id: "user-maria", key: "local-maria-key" };
type Annotator = typeof DEMO;

const auth = (key: string) => ({ Authorization: `Basic ${Buffer.from(`api:${key}`).toString("base64")}` });

async function signedIn(browser: Browser, who: Annotator): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(
    ({ key, project }) => {
      window.localStorage.setItem("wbops.apiKey", key);
      window.localStorage.setItem(
        "wbops.settings",
        JSON.stringify({ annotationProject: project, inferenceProject: "", keyStorage: "local" }),
      );
    },
    { key: who.key, project: PROJECT },
  );
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  return page;
}

const shownItem = (page: Page) => new URL(page.url()).pathname.split("/items/")[1] ?? null;

/** Items of the queue completed with `who` as their latest writer. */
async function completedBy(request: APIRequestContext, queueId: string, who: Annotator): Promise<number> {
  const items = await queryItems(request, queueId, { limit: 100 });
  return items.filter((item) => item.annotation_state === "completed" && item.annotator_user_id === who.id).length;
}

/**
 * Start annotating on the queue page, then Complete & next as fast as the items come, until `who`
 * has completed `count` items (a press on a claim lost a moment earlier moves on without completing).
 * An item completed is never offered again, even while its Complete still waits for its claim to
 * settle (the service has it in progress, mine, until then).
 */
async function workThrough(page: Page, request: APIRequestContext, queueId: string, who: Annotator, count: number) {
  await page.goto(`/queues/${queueId}`);
  const start = page.getByRole("button", { name: "Start annotating" });
  await expect(start).toBeEnabled();
  await start.click();
  await page.waitForURL(/work=1/);
  const completedHere = new Set<string>();
  for (let press = 0; press < 2 * count; press++) {
    if ((await completedBy(request, queueId, who)) >= count) return;
    const item = shownItem(page);
    expect(completedHere, `${who.id} was offered an item they completed`).not.toContain(item);
    // The review itself, not the queue page it was opened from (its own heading is a level-1 heading too).
    await expect(page.getByRole("group", { name: "Set the item's state" })).toBeVisible();
    await page.keyboard.press("Shift+C");
    if (item) completedHere.add(item);
    // The next item for me, or nothing left (the other annotator took the last ones).
    await expect
      .poll(async () => shownItem(page) !== item || (await page.getByText(/Nothing left for you/).count()) > 0, {
        timeout: 15_000,
      })
      .toBe(true);
    if ((await page.getByText(/Nothing left for you/).count()) > 0) return;
  }
}

/**
 * Whether `who` has a final record of their own on the item: the service refuses their in_progress
 * only then (docs/contract-decisions.md#progress). Asked of the annotator who is not the item's
 * latest writer, a refusal means both completed it.
 */
async function finishedBy(request: APIRequestContext, who: Annotator, queueId: string, itemId: string) {
  const response = await request.post(`/api/trace/annotation_queues/${queueId}/items/${itemId}/progress`, {
    data: { project_id: PROJECT, annotation_state: "in_progress" },
    headers: auth(who.key),
  });
  expect([200, 400]).toContain(response.status());
  return response.status() === 400;
}

test("two annotators in work mode, 20 items each: no item is completed twice", async ({ browser, request }) => {
  test.slow();
  const queue = await createScratchQueue(request, "work mode", 48);
  const [demo, maria] = await Promise.all([signedIn(browser, DEMO), signedIn(browser, MARIA)]);
  await Promise.all([workThrough(demo, request, queue.id, DEMO, 20), workThrough(maria, request, queue.id, MARIA, 20)]);

  const items = await queryItems(request, queue.id, { limit: 100 });
  const completed = items.filter((item) => item.annotation_state === "completed");
  const by = (who: Annotator) => completed.filter((item) => item.annotator_user_id === who.id).length;
  expect(by(DEMO)).toBeGreaterThanOrEqual(20);
  expect(by(MARIA)).toBeGreaterThanOrEqual(20);
  // The one who is not an item's latest writer never finished it too.
  for (const item of completed) {
    const other = item.annotator_user_id === DEMO.id ? MARIA : DEMO;
    expect(await finishedBy(request, other, queue.id, item.id), `item ${item.id} completed by both`).toBe(false);
  }
  await Promise.all([demo.context().close(), maria.context().close()]);
});

test("a claim shows who holds the item and since when; Complete over it asks first, then takes it over", async ({
  browser,
  request,
}) => {
  const queue = await createScratchQueue(request, "claim", 3);
  const [demo, maria] = await Promise.all([signedIn(browser, DEMO), signedIn(browser, MARIA)]);

  // Maria starts annotating: the first item is claimed in her name.
  await maria.goto(`/queues/${queue.id}`);
  await maria.getByRole("button", { name: "Start annotating" }).click();
  await maria.waitForURL(/work=1/);
  await expect(maria.getByTestId("work-mode-bar")).toContainText("claims expire after 30 min");
  const claimed = shownItem(maria)!;
  await expect
    .poll(async () => (await queryItems(request, queue.id, {})).find((item) => item.id === claimed)?.annotator_user_id)
    .toBe(MARIA.id);

  // The lead's table says who holds it since when.
  await demo.goto(`/queues/${queue.id}`);
  const row = demo.locator("tbody tr[data-item-row]").filter({ hasText: "user-maria" });
  await expect(row).toContainText(/In progress\s*since \d/);

  // On the review, Complete asks before taking it over, and the second press does.
  await demo.goto(`/queues/${queue.id}/items/${claimed}`);
  await expect(demo.getByTestId("claim-notice")).toContainText(/In progress by user-maria since \d/);
  await expectNoAxeViolations(demo);
  await demo.keyboard.press("c");
  await expect(
    demo.getByText(/user-maria is working on this item since .*Press Complete again to take it over/),
  ).toBeVisible();
  expect((await queryItems(request, queue.id, {})).find((item) => item.id === claimed)?.annotation_state).toBe(
    "in_progress",
  );
  await demo.keyboard.press("c");
  await expect
    .poll(async () => (await queryItems(request, queue.id, {})).find((item) => item.id === claimed))
    .toMatchObject({ annotation_state: "completed", annotator_user_id: DEMO.id });
  await expectNoAxeViolations(maria);
  await Promise.all([demo.context().close(), maria.context().close()]);
});

test("two answers per item with blind review: both annotators answer each item, neither sees the other's first", async ({
  browser,
  request,
}) => {
  test.slow();
  // A shared question (one answer per call, unless the queue says otherwise): the team settings make it per annotator.
  const specId = `team_rating_${Date.now().toString(36)}`;
  const created = await request.post("/api/trace/obj/create", {
    headers: auth(DEMO.key),
    data: {
      obj: {
        project_id: PROJECT,
        object_id: specId,
        val: { name: "Team rating", field_schema: { type: "integer", minimum: 1, maximum: 5 } },
        builtin_object_class: "AnnotationSpec",
      },
    },
  });
  expect(created.ok()).toBe(true);
  const specRef = `weave:///${PROJECT}/object/${specId}:${String(((await created.json()) as { digest: string }).digest)}`;
  const queue = await createScratchQueue(request, "two answers", 3, { scorerRefs: [specRef], offset: 900 });
  const [demo, maria] = await Promise.all([signedIn(browser, DEMO), signedIn(browser, MARIA)]);

  // The lead sets the team settings in the Edit dialog.
  await demo.goto(`/queues/${queue.id}`);
  await demo.getByRole("button", { name: "Edit queue" }).click();
  const edit = demo.getByRole("dialog", { name: "Edit queue" });
  await edit.getByLabel("Answers per item").fill("2");
  await edit.getByRole("checkbox", { name: "Blind review" }).check();
  await expectNoAxeViolations(demo);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(demo.getByText("2 answers per item · blind review · claims expire after 30 min")).toBeVisible();

  // The demo user answers and completes all three items in work mode.
  await demo.getByRole("button", { name: "Start annotating" }).click();
  await demo.waitForURL(/work=1/);
  for (let done = 0; done < 3; done++) {
    const item = shownItem(demo);
    await expect(demo.getByRole("group", { name: "Team rating" })).toBeVisible();
    await demo.keyboard.press("4");
    await expect(demo.getByRole("radio", { name: "4" })).toBeChecked();
    await demo.keyboard.press("Shift+C");
    await expect
      .poll(async () => shownItem(demo) !== item || (await demo.getByText(/Nothing left for you/).count()) > 0)
      .toBe(true);
  }

  // Maria is offered the same three items (each needs a second answer), and sees the demo user's only once she answered.
  await maria.goto(`/queues/${queue.id}`);
  await maria.getByRole("button", { name: "Start annotating" }).click();
  await maria.waitForURL(/work=1/);
  const rating = maria.getByRole("group", { name: "Team rating" });
  await expect(maria.getByText("Others' answers are hidden until you answer: blind review")).toBeVisible();
  await expect(rating.getByText(/Others:/)).toHaveCount(0);
  await expectNoAxeViolations(maria);
  await maria.keyboard.press("2");
  await expect(rating.getByText(/Others:/)).toContainText("user-demo 4");
  for (let done = 0; done < 3; done++) {
    const item = shownItem(maria);
    if (done > 0) {
      await expect(rating).toBeVisible();
      await maria.keyboard.press("2");
      await expect(maria.getByRole("radio", { name: "2" })).toBeChecked();
    }
    await maria.keyboard.press("Shift+C");
    await expect
      .poll(async () => shownItem(maria) !== item || (await maria.getByText(/Nothing left for you/).count()) > 0)
      .toBe(true);
  }
  await expect(maria.getByText(/Nothing left for you/)).toBeVisible();

  // Both answers stand on every call, and the team figures count each item done by two.
  const items = await queryItems(request, queue.id, {});
  expect(items).toHaveLength(3);
  await demo.goto(`/queues/${queue.id}`);
  await demo.getByText("Team: who did what").click();
  const team = demo.getByRole("table", { name: /Who did what/ });
  await expect(team).toBeVisible({ timeout: 30_000 });
  await expect(demo.getByText(/3 done \(2 answers each\)/)).toBeVisible();
  for (const who of [DEMO.id, MARIA.id])
    await expect(team.getByRole("row", { name: new RegExp(who) })).toContainText("3");
  await Promise.all([demo.context().close(), maria.context().close()]);
});
