import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BIG_QUEUE_NAME, openScratchReview, queryItems, queueIdByName, useDemoProject } from "./queues-support";

// Where the review puts what an annotator reads and what they answer, on a laptop and a tablet:
// walking the questions by key never hides the highlighted one under the sticky actions, nor
// scrolls the call away; a tablet's first screen shows some of the call.

async function openFirstItem(
  page: Page,
  request: Parameters<typeof queueIdByName>[0],
  viewport: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize(viewport);
  const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
  const [item] = await queryItems(request, queueId, { limit: 1 });
  await page.goto(`/queues/${queueId}/items/${item!.id}`);
  await expect(page.getByRole("group", { name: "Tone" })).toBeVisible();
}

/** The item's questions are shown and its answers read: a number key answers from here on. */
async function questionsReady(page: Page): Promise<void> {
  await expect(page.getByRole("group", { name: "Tone", exact: true })).toBeVisible();
  await expect(page.getByText("Reading the answers given so far…")).toHaveCount(0);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not laid out");
  return found;
}

test("at 1366×768, j and k keep the highlighted question below the sticky actions and the call's display fields on screen", async ({
  page,
  request,
}) => {
  await useDemoProject(page);
  await openFirstItem(page, request, { width: 1366, height: 768 });
  const bar = page.getByRole("group", { name: "Set the item's state" }).locator("xpath=..");
  const highlighted = page.locator("[data-active-spec]");
  const firstField = page.getByRole("region", { name: /^inputs\./ }).first();
  // Down to the last question (the comment), then back up, a key every 100 ms as a practised annotator does.
  for (const key of ["j", "j", "j", "k", "k", "k"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(100);
    const question = await box(highlighted);
    const actions = await box(bar);
    expect(question.y, `after ${key}: the highlighted question starts under the sticky actions`).toBeGreaterThanOrEqual(
      actions.y + actions.height - 1,
    );
    expect(question.y + question.height, `after ${key}: the highlighted question ends off screen`).toBeLessThanOrEqual(
      768 + 1,
    );
    await expect(firstField, `after ${key}: the call scrolled away`).toBeInViewport({ ratio: 0.5 });
  }
});

test("at 768 px the first screen shows the call's display fields, and j brings a question into view below the actions", async ({
  page,
  request,
}) => {
  await useDemoProject(page);
  await openFirstItem(page, request, { width: 768, height: 1024 });
  await expect(page.getByRole("region", { name: /^inputs\./ }).first()).toBeInViewport();
  for (const key of ["j", "j", "j"]) await page.keyboard.press(key);
  await page.waitForTimeout(200);
  const question = await box(page.locator("[data-active-spec]"));
  const actions = await box(page.getByRole("group", { name: "Set the item's state" }).locator("xpath=.."));
  expect(question.y).toBeGreaterThanOrEqual(actions.y + actions.height - 1);
  expect(question.y + question.height).toBeLessThanOrEqual(1024 + 1);
});

test("at 768 px, read down the page, the next item opens at its top", async ({ page, request }) => {
  await useDemoProject(page);
  await openFirstItem(page, request, { width: 768, height: 1024 });
  const heading = page.getByRole("heading", { level: 1 });
  const scrollY = () => page.evaluate(() => window.scrollY);
  for (let move = 0; move < 2; move++) {
    // Read down to the end of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(scrollY).toBeGreaterThan(0);
    const item = await heading.textContent();
    await page.keyboard.press("n");
    await expect(heading).not.toHaveText(item ?? "");
    // Scrolled in the commit that shows the next item (lib/scroll-page-to-top.ts): the page, not an inner box.
    expect(await scrollY()).toBe(0);
  }
});

test("under a filter, an item answered out of the list and the next one in it put the heading and the actions in the same place, at every width", async ({
  page,
  request,
}, testInfo) => {
  await useDemoProject(page);
  const widths = [390, 768, 1280, 1920];
  await openScratchReview(page, request, testInfo, "steady heading", widths.length * 2, 6_000, {
    states: "unstarted",
  });
  const heading = page.getByRole("heading", { level: 1 });
  const place = page.getByTestId("list-place");
  const completeAndNext = page.getByRole("button", { name: /^Complete & next/ });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expect(place).toHaveText("1st in the filtered list");
    await questionsReady(page);
    // The first answer starts the item: in progress, it has left the Unstarted list, and says so.
    await page.keyboard.press("1");
    await expect(place).toHaveText(/^Outside the table's filters \(it is in progress\)/);
    const placesNow = async () => ({ heading: (await box(heading)).y, actions: await box(completeAndNext) });
    // On a phone the answer scrolled the next question into view; a move shows the next item from its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    const before = await placesNow();
    const item = await heading.textContent();
    await page.keyboard.press("n");
    await expect(heading).not.toHaveText(item ?? "");
    await expect(place).toHaveText("1st in the filtered list");
    expect(await placesNow(), `at ${width} px`).toEqual(before);
  }
});

test("at 1280 px, an answer being saved and a refused Complete & next's warning move nothing: the questions below and the call stay where they are", async ({
  page,
  request,
}, testInfo) => {
  await useDemoProject(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openScratchReview(page, request, testInfo, "steady answers", 3, 6_500);
  const resolution = page.getByRole("group", { name: "Resolution", exact: true });
  const firstField = page.getByRole("region", { name: /^inputs\./ });
  await questionsReady(page);
  const places = async () => ({ resolution: (await box(resolution)).y, call: (await box(firstField)).y });
  const still = await places();

  // The answer's write is held, so its "Saving…" stays up while the page is measured.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/trace\/feedback\/(create|replace)$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press("1");
  await expect(page.getByRole("group", { name: "Tone", exact: true })).toContainText("Saving…");
  expect(await places(), "while the answer is saved").toEqual(still);
  release?.();
  await expect(page.getByText("Saving…")).toHaveCount(0);
  expect(await places(), "once it is saved").toEqual(still);

  await page.keyboard.press("Shift+C");
  await expect(page.getByText(/^Not completed yet: press Complete again/)).toBeVisible();
  expect(await places(), "with the warning").toEqual(still);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Item 1 of 3");
  await page.keyboard.press("Shift+C");
  await expect(heading).toHaveText("Item 2 of 3");
  expect(await places(), "on the next item").toEqual(still);
});

test("the rule between Skip and Complete & next shows only where both sit on its line, at every width", async ({
  page,
  request,
}) => {
  await useDemoProject(page);
  const rule = page.getByTestId("actions-rule");
  const skip = page.getByRole("button", { name: /^Skip(?! &)/ });
  const completeAndNext = page.getByRole("button", { name: /^Complete & next/ });
  let shown = 0;
  for (const width of [390, 768, 1024, 1366, 2560]) {
    await openFirstItem(page, request, { width, height: 900 });
    if (!(await rule.isVisible())) continue;
    shown += 1;
    const middle = async (locator: Locator) => {
      const { y, height } = await box(locator);
      return Math.round(y + height / 2);
    };
    // A rule left at the end of a wrapped line (or at the start of the next) divides nothing.
    expect(await middle(skip), `at ${width} px`).toBe(await middle(rule));
    expect(await middle(completeAndNext), `at ${width} px`).toBe(await middle(rule));
  }
  expect(shown, "the rule shows where the bar has room").toBeGreaterThan(0);
});
