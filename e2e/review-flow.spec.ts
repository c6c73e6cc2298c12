import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createScratchQueue, itemRows, queryItems, useDemoProject } from "./queues-support";

// An annotator's day: many items in a row, by keyboard alone, under a state filter that items
// leave as they are done. Each step must show a different item than before (the one the list says
// comes next), the address must settle, and the service must hold every change.

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await useDemoProject(page);
  // Counts every address change the page makes (push or replace), to tell a settled address from one that flips.
  await page.addInitScript(() => {
    const w = window as unknown as { urlChanges: number };
    w.urlChanges = 0;
    for (const method of ["pushState", "replaceState"] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History["pushState"]>) => {
        w.urlChanges += 1;
        original(...args);
      };
    }
  });
});

/**
 * Answers from the trace service take 0-300 ms longer, in a fixed pseudo-random order, like a real
 * network: the read-ahead must be early enough for that, not only for a service on loopback.
 */
async function slowTraceService(page: Page): Promise<void> {
  let seed = 12_345;
  const nextDelayMs = () => {
    seed = (seed * 48_271) % 2_147_483_647; // Park-Miller: exact in doubles
    return seed % 300;
  };
  await page.route("**/api/trace/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, nextDelayMs()));
    await route.continue();
  });
}

/** Flags any loading message that shows while moving on (the next item should come from what was fetched ahead). */
async function watchForLoading(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { sawLoading: boolean; loadingWatch?: MutationObserver };
    w.sawLoading = false;
    w.loadingWatch?.disconnect();
    w.loadingWatch = new MutationObserver(() => {
      const text = document.querySelector("main")?.textContent ?? "";
      if (text.includes("Loading the call…") || text.includes("Loading the item…")) w.sawLoading = true;
    });
    w.loadingWatch.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const sawLoading = (page: Page) => page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading);

const shownItemId = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split("/items/")[1] ?? "");
const urlChanges = (page: Page) => page.evaluate(() => (window as unknown as { urlChanges: number }).urlChanges);

/** The review shows `itemId` (address and details agree), and the address stays put for a while. */
async function expectSettledOn(page: Page, itemId: string): Promise<void> {
  await expect
    .poll(() => shownItemId(page), { message: "the review should move to the next item of the list" })
    .toBe(itemId);
  await expect(page.getByRole("complementary", { name: "Details" }).getByText(itemId, { exact: true })).toBeVisible();
  const before = await urlChanges(page);
  await page.waitForTimeout(400);
  expect(await urlChanges(page), "the address changed again on its own after settling").toBe(before);
}

test("twenty moves by keyboard under an Unstarted filter (every kind of move, in an annotator's mix): every step lands on the right item and every change is saved", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const queue = await createScratchQueue(request, "review-flow", 48);
  const order = (await queryItems(request, queue.id, {})).map((i) => i.id);
  const changed = new Map<string, "completed" | "skipped">();
  const unstarted = (id: string) => !changed.has(id);
  const after = (id: string) => order.slice(order.indexOf(id) + 1).find(unstarted);
  const before = (id: string) => order.slice(0, order.indexOf(id)).toReversed().find(unstarted);

  await slowTraceService(page);
  await page.goto(`/queues/${queue.id}?state=unstarted`);
  await expect(itemRows(page)).toHaveCount(48);
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  let current = order[0]!;
  await expectSettledOn(page, current);
  // The items this review has shown, in walking order: Previous and Next follow them before the list.
  let trail = [current];
  let at = 0;
  const onward = (from: string) => {
    if (at < trail.length - 1) return trail[++at]!;
    const next = after(from)!;
    trail = [...trail.slice(0, at + 1), next];
    at = trail.length - 1;
    return next;
  };
  const back = (from: string) => {
    if (at > 0) return trail[--at]!;
    const previous = before(from)!;
    trail = [previous, ...trail];
    return previous;
  };

  // Mostly Complete & next at an annotator's pace, with the other moves mixed in.
  const plan = [
    "C",
    "C",
    "S",
    "C",
    "n",
    "p",
    "C",
    "C",
    "Esc",
    "C",
    "S",
    "n",
    "C",
    "C",
    "p",
    "C",
    "C",
    "C",
    "S",
    "C",
  ] as const;
  // One pass over the plan: each kind of move, in the order an annotator mixes them.
  for (let step = 0; step < plan.length; step++) {
    const move = plan[step]!;
    const from = current;
    await watchForLoading(page);
    if (move === "C" || move === "S") {
      // On an item already done (walked back to), "& next" only moves on.
      if (!changed.has(from)) changed.set(from, move === "C" ? "completed" : "skipped");
      current = onward(from);
      await page.keyboard.press(move === "C" ? "Shift+C" : "Shift+S");
    } else if (move === "n") {
      current = onward(from);
      await page.keyboard.press("n");
    } else if (move === "p") {
      // Back along the trail: the item just completed, though it has left the Unstarted list.
      current = back(from);
      await page.keyboard.press("p");
    } else {
      // Back to the table: the row just left has the focus, so j then Enter opens the one after it.
      await page.keyboard.press("Escape");
      await expect(page.locator("tr[data-item-row]:focus")).toHaveAttribute("data-item-id", from);
      current = after(from)!;
      trail = [current];
      at = 0;
      await page.keyboard.press("j");
      await page.keyboard.press("Enter");
    }
    expect(current, `step ${step + 1} (${move}) ran past the end of the scratch queue`).toBeTruthy();
    await expectSettledOn(page, current);
    // Moving on paints the next item from what was fetched ahead: no loading message in between.
    expect(move !== "Esc" && (await sawLoading(page)), `step ${step + 1} (${move}) showed a loading message`).toBe(
      false,
    );
    await page.waitForTimeout(300);
  }

  await expect
    .poll(async () => {
      const items = await queryItems(request, queue.id, {});
      return items.filter((i) => i.annotation_state !== "unstarted").map((i) => [i.id, i.annotation_state]);
    })
    .toEqual(order.filter((id) => changed.has(id)).map((id) => [id, changed.get(id)]));
});
