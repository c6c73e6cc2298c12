import type { Page } from "playwright-core";
import {
  answerShown,
  armPressProbe,
  itemOnScreen,
  lostRacesSaid,
  pressProbeResult,
  requestsBetween,
  waitUntil,
  watchLostRaces,
  widenResourceBuffer,
  type PathRequest,
  type PressSample,
} from "./press-probe";

/** A press no item follows within this long counts as stuck. */
const PRESS_TIMEOUT_MS = 5000;
/** Stuck presses one annotator may have before the run is called failed: a broken page, not a slow one. */
const MAX_STUCK = 10;

/** What an items query is for, told by its body: the search, one item by id (a read or a claim's read-back), or a list window. */
export type ItemsQueryKind = "search page" | "one item by id" | "list window";

/**
 * A press, its requests (in the page's clock), and the items queries the page sent from the press
 * until the probe answered, by kind (seen from here, by their bodies: a bound, not to the frame).
 */
export type TimedPress = PressSample & {
  requests: PathRequest[];
  itemsQueries: Record<ItemsQueryKind, number>;
  /** From the item before painted to this press: the annotator's reading time as it was (thinkMs or more). */
  sincePaintMs: number;
};

function itemsQueryKind(body: {
  filter?: { id?: unknown };
  limit?: number;
  include_position?: boolean;
}): ItemsQueryKind {
  if (body.filter?.id !== undefined) return "one item by id";
  return body.include_position === false ? "search page" : "list window";
}

export type AnnotatorRun = {
  annotator: string;
  presses: TimedPress[];
  /** Presses after which no other item was shown within PRESS_TIMEOUT_MS. */
  stuck: number;
  /** Items where pressing `1` had not shown the answer picked by the time Complete was due. */
  lateAnswers: number;
  /** Lost claims the review announced ("… took that item a moment before you"). */
  lostRacesSaid: number;
  /** The items this annotator completed here (their Complete & next was followed by another item). */
  itemsLeft: string[];
};

/**
 * One annotator in work mode: Start annotating on the queue page, then `items` times: press `1`
 * (the rating), wait until `thinkMs` after the item painted, Shift+C (Complete & next), and time
 * the press to the next claimed item painted, with the requests made on the way.
 */
export async function runAnnotator(
  page: Page,
  annotator: string,
  queue: { id: string; questionLabel: string },
  options: { items: number; thinkMs: number },
): Promise<AnnotatorRun> {
  await page.goto(`/queues/${queue.id}`);
  const start = page.getByRole("button", { name: "Start annotating" });
  await start.waitFor();
  await page.waitForFunction(
    () => !document.querySelector<HTMLButtonElement>("button[aria-keyshortcuts='w']")?.disabled,
  );
  await start.click();
  await page.waitForURL(/\/items\/.+work=1/);
  await page.locator("main section[aria-label]").first().waitFor();
  await page.evaluate(widenResourceBuffer);
  await page.evaluate(watchLostRaces);

  const sent: Record<ItemsQueryKind, number> = { "search page": 0, "one item by id": 0, "list window": 0 };
  page.on("request", (request) => {
    if (!request.url().endsWith("/items/query") || request.method() !== "POST") return;
    sent[itemsQueryKind((request.postDataJSON() ?? {}) as Parameters<typeof itemsQueryKind>[0])] += 1;
  });
  const presses: TimedPress[] = [];
  const itemsLeft: string[] = [];
  let stuck = 0;
  let lateAnswers = 0;
  let paintedAt = await page.evaluate(() => performance.now());
  // A press timed, its requests still to be read (after the next answer, when they have ended).
  let last: (Omit<TimedPress, "requests"> & { window: { from: number; to: number } }) | null = null;
  while (itemsLeft.length < options.items) {
    const fromItemId = await page.evaluate(itemOnScreen);
    // A press that found no next item leaves the answer given: pressing `1` again would take it back.
    if (!(await page.evaluate(answerShown, { label: queue.questionLabel, value: "1" }))) await page.keyboard.press("1");
    const due = paintedAt + options.thinkMs;
    const answered = await page
      .waitForFunction(answerShown, { label: queue.questionLabel, value: "1" }, { timeout: PRESS_TIMEOUT_MS })
      .then(() => true)
      .catch(() => false);
    if (!answered || (await page.evaluate(() => performance.now())) > due) lateAnswers += 1;
    await page.evaluate(waitUntil, due);
    // The last press's requests, read now that their responses have ended (an entry is recorded then).
    if (last) presses.push({ ...last, requests: await page.evaluate(requestsBetween, last.window) });
    last = null;
    await page.evaluate(armPressProbe, { fromItemId, timeoutMs: PRESS_TIMEOUT_MS });
    const before = { ...sent };
    await page.keyboard.press("Shift+C");
    const sample = await page.evaluate(pressProbeResult);
    const itemsQueries = {
      "search page": sent["search page"] - before["search page"],
      "one item by id": sent["one item by id"] - before["one item by id"],
      "list window": sent["list window"] - before["list window"],
    };
    if (!sample) {
      stuck += 1;
      if (stuck > MAX_STUCK) throw new Error(`${annotator}: ${stuck} presses showed no next item within 5 s`);
      paintedAt = await page.evaluate(() => performance.now());
      continue;
    }
    last = {
      ...sample,
      itemsQueries,
      sincePaintMs: sample.pressedAt - paintedAt,
      window: { from: sample.pressedAt, to: sample.paintedAt },
    };
    paintedAt = sample.paintedAt;
    itemsLeft.push(sample.fromItemId);
  }
  if (last) {
    await page.waitForTimeout(options.thinkMs);
    presses.push({ ...last, requests: await page.evaluate(requestsBetween, last.window) });
  }
  return { annotator, presses, stuck, lateAnswers, lostRacesSaid: await page.evaluate(lostRacesSaid), itemsLeft };
}
