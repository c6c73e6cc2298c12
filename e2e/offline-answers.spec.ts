import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { DEMO_KEY, expect, expectNoAxeViolations, test } from "./fixtures";
import { BIG_QUEUE_NAME, PROJECT, createScratchQueue, queryItems, queueByName, useDemoProject } from "./queues-support";

// Nothing acknowledged is lost: answers given while the browser is offline, or while the trace
// service cannot be reached, wait beside their questions, are kept in this browser across a
// reload, are stored by themselves once the connection returns, and leaving the page meanwhile
// asks first. Only loopback is used: "offline" is Chromium's network emulation, "unreachable" a
// route that aborts the trace service's feedback requests.

test.beforeEach(async ({ page }) => {
  await useDemoProject(page);
});

const FEEDBACK = "**/api/trace/feedback/**";
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const QUESTIONS = ["Tone", "Resolution", "Follows the refund policy", "Comment"] as const;

/** A one-item scratch queue asking the big queue's four questions, opened on its item with its answers read. */
async function openReview(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  label: string,
  offset: number,
): Promise<{ callId: string; specIds: string[] }> {
  const scorerRefs = (await queueByName(request, BIG_QUEUE_NAME)).scorer_refs ?? [];
  expect(scorerRefs).toHaveLength(4);
  const queue = await createScratchQueue(request, label, 1, {
    scorerRefs,
    offset: offset + 37 * (testInfo.repeatEachIndex * 3 + testInfo.retry),
  });
  const [item] = await queryItems(request, queue.id, {});
  await page.goto(`/queues/${queue.id}/items/${item!.id}`);
  await expect(heading(page)).toHaveText("Item 1 of 1");
  await expect(group(page, "Tone")).toBeVisible();
  await expect(page.getByText("Reading the answers given so far…")).toHaveCount(0);
  return { callId: item!.call_id, specIds: scorerRefs.map((ref) => ref.split("/object/")[1]!.split(":")[0]!) };
}

/** Answers the four questions as an annotator does, by keyboard: 3, Partly resolved, Yes, and a comment. */
async function answerAll(page: Page, comment: string): Promise<void> {
  await page.keyboard.press("3");
  await page.keyboard.press("2");
  await page.keyboard.press("1");
  await page.keyboard.press("e");
  await expect(group(page, "Comment").getByRole("textbox")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(comment);
  // Leaving the field commits the comment.
  await page.keyboard.press("Escape");
}

/** The call's standing answers to the four questions as the service has them: the demo user's tone, the shared others. */
async function storedAnswers(
  request: APIRequestContext,
  callId: string,
  specIds: readonly string[],
): Promise<unknown[]> {
  const response = await request.post("/api/trace/feedback/query", {
    data: {
      project_id: PROJECT,
      query: { $expr: { $eq: [{ $getField: "weave_ref" }, { $literal: `weave:///${PROJECT}/call/${callId}` }] } },
    },
    headers: { Authorization: `Basic ${Buffer.from(`api:${DEMO_KEY}`).toString("base64")}` },
  });
  const rows = (
    (await response.json()) as {
      result: { feedback_type: string; wb_user_id: string; created_at: string; payload: { value?: unknown } }[];
    }
  ).result;
  return specIds.map((specId, index) => {
    const ofSpec = rows.filter(
      (row) => row.feedback_type === `wandb.annotation.${specId}` && (index > 0 || row.wb_user_id === "user-demo"),
    );
    // One row stands per question (the demo user's, for the tone): each kept answer replaced the one before it.
    return ofSpec.length === 1 ? ofSpec[0]!.payload.value : `${ofSpec.length} rows`;
  });
}

const expected = (comment: string) => [3, "Partly resolved", true, comment];

/** The answers this browser keeps, as stored (to check what is in them, and what is not). */
const keptEntries = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("wbops.queues.unsavedAnswer:"))
      .map((key) => localStorage.getItem(key) ?? ""),
  );

test("four answers given offline wait beside their questions, kept in this browser, and are stored within seconds of reconnecting", async ({
  page,
  request,
  context,
}, testInfo) => {
  const { callId, specIds } = await openReview(page, request, testInfo, "offline answers", 3_000);
  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toContainText(
    "Your answers are kept in this browser, across reloads",
  );
  const comment = `Given offline ${Date.now().toString(36)}`;
  await answerAll(page, comment);
  for (const question of QUESTIONS)
    await expect(group(page, question)).toContainText(
      "Not saved yet: you are offline. Sent when the connection returns; kept in this browser until the service has it.",
    );
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toContainText("(4 waiting)");
  const kept = await keptEntries(page);
  expect(kept).toHaveLength(4);
  // What is kept names the author by the key's fingerprint only: never the key.
  for (const entry of kept) expect(entry).not.toContain(DEMO_KEY);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  const back = Date.now();
  await expect
    .poll(() => storedAnswers(request, callId, specIds), { timeout: 5_000, intervals: [100] })
    .toEqual(expected(comment));
  testInfo.annotations.push({ type: "stored after reconnecting", description: `4/4 in ${Date.now() - back} ms` });
  for (const question of QUESTIONS) await expect(group(page, question)).not.toContainText("Not saved");
  await expect.poll(() => keptEntries(page)).toEqual([]);
});

test("answers kept while the service cannot be reached survive a reload and are stored, in place of the answers before them, once it can", async ({
  page,
  request,
  context,
}, testInfo) => {
  const { callId, specIds } = await openReview(page, request, testInfo, "reload answers", 3_400);
  await context.setOffline(true);
  const comment = `Kept across a reload ${Date.now().toString(36)}`;
  await answerAll(page, comment);
  await expect(group(page, "Comment")).toContainText("Not saved yet");
  // Back online, but the trace service's feedback requests still fail: the page is served, the answers cannot be sent.
  await page.route(FEEDBACK, (route) => route.abort("connectionrefused"));
  await context.setOffline(false);
  await expect(group(page, "Tone")).toContainText(
    "Not saved yet: Could not reach the annotation queue service. Tried again by itself; kept in this browser",
  );

  await page.reload();
  await expect(heading(page)).toHaveText("Item 1 of 1");
  // Read back from this browser: each answer waits beside its question again, shown as given.
  for (const question of QUESTIONS)
    await expect(group(page, question)).toContainText("Not saved yet", { timeout: 15_000 });
  await expect(group(page, "Tone").getByRole("radio", { name: /^3/ })).toBeChecked();
  await expect(group(page, "Comment").getByRole("textbox")).toHaveValue(comment);
  expect(await storedAnswers(request, callId, specIds)).not.toEqual(expected(comment));

  // The connection drops and returns, and the service answers again.
  await context.setOffline(true);
  await page.unroute(FEEDBACK);
  await context.setOffline(false);
  const back = Date.now();
  await expect
    .poll(() => storedAnswers(request, callId, specIds), { timeout: 5_000, intervals: [100] })
    .toEqual(expected(comment));
  testInfo.annotations.push({
    type: "stored after the reload and reconnecting",
    description: `4/4 in ${Date.now() - back} ms`,
  });
  for (const question of QUESTIONS) await expect(group(page, question)).not.toContainText("Not saved");
  await expect.poll(() => keptEntries(page)).toEqual([]);
});

test("an annotator offline for 30 s across two items, with a reload in between, loses no answer", async ({
  page,
  request,
  context,
}, testInfo) => {
  // The page's clock is Playwright's: it runs in real time, and the half minute offline is moved on
  // in one step rather than waited out by a worker. It survives the reload (Playwright replays it).
  await page.clock.install();
  const pageNow = () => page.evaluate(() => Date.now());
  const scorerRefs = (await queueByName(request, BIG_QUEUE_NAME)).scorer_refs ?? [];
  const queue = await createScratchQueue(request, "offline half a minute", 3, {
    scorerRefs,
    offset: 4_300 + 37 * (testInfo.repeatEachIndex * 3 + testInfo.retry),
  });
  const items = await queryItems(request, queue.id, {});
  const specIds = scorerRefs.map((ref) => ref.split("/object/")[1]!.split(":")[0]!);
  await page.goto(`/queues/${queue.id}/items/${items[0]!.id}`);
  await expect(heading(page)).toHaveText("Item 1 of 3", { timeout: 15_000 });
  await expect(page.getByText("Reading the answers given so far…")).toHaveCount(0);

  const wentOffline = await pageNow();
  await context.setOffline(true);
  const comments = [`First offline ${wentOffline.toString(36)}`, `Second offline ${wentOffline.toString(36)}`];
  await answerAll(page, comments[0]!);
  await page.keyboard.press("n");
  await expect(heading(page)).toHaveText("Item 2 of 3");
  await expect(group(page, "Tone")).toBeVisible();
  await answerAll(page, comments[1]!);
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toContainText("(8 waiting)");
  expect(await keptEntries(page)).toHaveLength(8);

  // A reload in the middle: the page is served again, the trace service still cannot be reached.
  await page.route(FEEDBACK, (route) => route.abort("connectionrefused"));
  await context.setOffline(false);
  await page.reload();
  await expect(heading(page)).toHaveText("Item 2 of 3");
  await expect(group(page, "Comment").getByRole("textbox")).toHaveValue(comments[1]!, { timeout: 15_000 });
  await context.setOffline(true);
  expect(await keptEntries(page)).toHaveLength(8);

  // The rest of the half minute offline; then the connection and the service are back.
  await page.clock.fastForward(Math.max(0, wentOffline + 30_000 - (await pageNow())));
  const offlineFor = (await pageNow()) - wentOffline;
  expect(offlineFor).toBeGreaterThanOrEqual(30_000);
  expect(await keptEntries(page)).toHaveLength(8);
  await page.unroute(FEEDBACK);
  await context.setOffline(false);
  const back = Date.now();
  for (const [index, item] of items.slice(0, 2).entries())
    await expect
      .poll(() => storedAnswers(request, item.call_id, specIds), { timeout: 10_000, intervals: [100] })
      .toEqual(expected(comments[index]!));
  testInfo.annotations.push({
    type: "stored after 30 s offline and a reload",
    description: `8/8 in ${Date.now() - back} ms (offline ${Math.round(offlineFor / 1000)} s)`,
  });
  await expect.poll(() => keptEntries(page)).toEqual([]);
});

test("leaving the page asks first while an answer is unsaved, and not once it is stored", async ({
  page,
  request,
}, testInfo) => {
  await openReview(page, request, testInfo, "leave answers", 3_800);
  // The answer's write is held: it is on its way when the annotator closes the tab.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/trace\/feedback\/(create|replace)$/, async (route) => {
    await held;
    await route.continue();
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.keyboard.press("4");
  // The key's answer shows at once; then that its write is on its way (a failure here tells which step was missed).
  await expect(group(page, "Tone").getByRole("radio", { name: /^4/ })).toBeChecked();
  await expect(group(page, "Tone")).toContainText("Saving…");
  // Chromium asks only on a page the user has interacted with: a failure says whether the key press counted.
  const activated = await page.evaluate(() => navigator.userActivation.hasBeenActive);
  await page.close({ runBeforeUnload: true });
  await expect
    .poll(() => dialogs, { message: `the browser should ask (the page had user activation: ${activated})` })
    .toEqual(["beforeunload"]);
  // Dismissed: the page stays, and the answer is stored.
  expect(page.isClosed()).toBe(false);
  release?.();
  await expect(group(page, "Tone")).not.toContainText("Saving…");
  await expect(group(page, "Tone").getByRole("radio", { name: /^4/ })).toBeChecked();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(dialogs).toEqual(["beforeunload"]);
});
