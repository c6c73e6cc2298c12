import type { Page } from "playwright-core";

/** The budget: a key press to the next item painted, p95, over consecutive Complete & next or Next: one frame. */
export const ADVANCE_BUDGET_MS = 16.7;

export type AdvanceSample = {
  /**
   * The key (the keydown event's own time stamp, so a busy page's input delay counts) to the
   * animation frame after the one that first shows the next item's details and call: that frame
   * has been painted by then, so this is an upper bound on the paint (by up to a frame).
   */
  keyToPaintMs: number;
  /** The keydown to two animation frames after the one that shows it (one frame more): results until 2026-11-24 used this. */
  keyToDoubleFrameMs: number;
  /** Diagnostics: the keydown to the end of its handling (React's synchronous work included), and to the animation frame that first finds the item. */
  keyToHandledMs: number;
  keyToFoundMs: number;
  /** The item was on screen at the first animation frame after the key: it was drawn in the key's own handling. */
  foundInFirstFrame: boolean;
  /**
   * The browser's own measure (Event Timing): the keydown's time stamp to the next paint after its
   * handlers ran, rounded to 8 ms; equal to "key → next item painted" when the item was drawn in the
   * key's handling (`foundInFirstFrame`). Null when the browser reported no entry: entries under
   * its 16 ms threshold are not reported, so null means 8 ms or less.
   */
  eventDurationMs: number | null;
  /** From the same entry: the keydown's time stamp to its first handler (input delay), and its handlers' time. */
  inputDelayMs: number | null;
  handlersMs: number | null;
  /** "Loading the call…" or "Loading the item…" was on screen at some point in between. */
  flashed: boolean;
};

export type AdvanceOutcome =
  | { state: "measured"; samples: AdvanceSample[]; stuck: number; thinkMs: number }
  | { state: "error"; error: string };

/** The key a probe times, as `KeyboardEvent.key` names it: Complete & next (Shift+C), Next (n) or Next unstarted (u). */
export type ProbedKey = "C" | "n" | "u";

type EventEntry = { startTime: number; duration: number; processingStart: number; processingEnd: number };
type ProbeWindow = { advanceProbe?: Promise<AdvanceSample | null>; keydownEntries?: EventEntry[] };

/**
 * Runs in the page: arms a keydown listener and leaves, on `window.advanceProbe`, a promise that
 * resolves once the review shows an item other than `fromItemId` with its call painted, or null
 * after `timeoutMs` (a stuck advance). Armed before the key is pressed and awaited after: a probe
 * started in the same breath as the press could miss it (the key event and the script reach the
 * page by different routes), and a missed press read as a stuck advance.
 */
export function armAdvanceProbe({
  fromItemId,
  timeoutMs,
  key = "C",
}: {
  fromItemId: string;
  timeoutMs: number;
  key?: ProbedKey;
}): void {
  const w = window as ProbeWindow;
  if (!w.keydownEntries) {
    const entries: EventEntry[] = [];
    w.keydownEntries = entries;
    // 16 ms is the lowest threshold the browser accepts: shorter events are not reported.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as (EventEntry & { name: string })[])
        if (entry.name === "keydown") entries.push(entry);
    }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  }
  const eventEntries = w.keydownEntries;
  // The browser reports an event's entry after the paint that follows it: wait for it a moment.
  const entryFor = async (timeStamp: number): Promise<EventEntry | null> => {
    for (let waited = 0; waited < 250; waited += 50) {
      const found = eventEntries.find((e) => Math.abs(e.startTime - timeStamp) < 0.5);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    return null;
  };
  w.advanceProbe = new Promise((resolve) => {
    let pressedAt = 0;
    let flashed = false;
    // The item on screen is the one its details name (the address follows a move once the item is painted).
    // Visible ones only: an element in the page that is hidden does not count as shown.
    // Inside: this function runs in the page, where the module's scope does not exist.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const shownItem = () =>
      [...document.querySelectorAll('aside button[aria-label="Copy item ID"]')]
        .find((e) => e.checkVisibility())
        ?.previousElementSibling?.getAttribute("title") ?? null;
    // The new item's details and its call, both drawn.
    const painted = () => {
      const id = shownItem();
      const details = id !== null;
      const call = [...document.querySelectorAll("main section[aria-label]")].find((e) => e.checkVisibility());
      return id !== fromItemId && !!details && !!call && !document.body.textContent?.includes("Loading the call…");
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key) return;
      pressedAt = event.timeStamp;
      let keyToHandledMs = 0;
      window.addEventListener("keydown", () => (keyToHandledMs = performance.now() - pressedAt), { once: true });
      document.removeEventListener("keydown", onKey, true);
      const started = pressedAt;
      let frames = 0;
      const check = () => {
        frames += 1;
        const text = document.body.textContent ?? "";
        if (text.includes("Loading the call…") || text.includes("Loading the item…")) flashed = true;
        if (painted()) {
          const keyToFoundMs = performance.now() - pressedAt;
          requestAnimationFrame(() => {
            const keyToPaintMs = performance.now() - pressedAt;
            requestAnimationFrame(() => {
              const keyToDoubleFrameMs = performance.now() - pressedAt;
              void entryFor(pressedAt).then((entry) =>
                resolve({
                  keyToPaintMs,
                  keyToDoubleFrameMs,
                  keyToHandledMs,
                  keyToFoundMs,
                  foundInFirstFrame: frames === 1,
                  eventDurationMs: entry?.duration ?? null,
                  inputDelayMs: entry ? entry.processingStart - entry.startTime : null,
                  handlersMs: entry ? entry.processingEnd - entry.processingStart : null,
                  flashed,
                }),
              );
            });
          });
          return;
        }
        if (performance.now() - started > timeoutMs) return resolve(null);
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    };
    document.addEventListener("keydown", onKey, true);
    // A press that never arrives is a stuck run too, not a hang.
    setTimeout(() => {
      if (pressedAt === 0) {
        document.removeEventListener("keydown", onKey, true);
        resolve(null);
      }
    }, timeoutMs);
  });
}

/** Runs in the page: the armed probe's result. */
export function probeResult(): Promise<AdvanceSample | null> {
  return (window as ProbeWindow).advanceProbe ?? Promise.resolve(null);
}

/**
 * What is timed: Complete & next, Next or Next unstarted, on an item left unanswered or with its first question
 * answered (`1`), in the items table's list that `state` filters (none: every state).
 */
export type AdvanceVariant = { key: ProbedKey; answered: boolean; state: "unstarted" | "completed" | null };

/**
 * The annotator's loop on the 10,000-item demo queue under the variant's State filter: open the first row,
 * then `presses` times: (answer the highlighted question with `1` when `answered`), read the item
 * for `thinkMs` (the app prefetches the next item in that time) and press the key. A press after
 * which no other item appears within five seconds counts as stuck.
 */
export async function measureReviewAdvance(
  page: Page,
  queueId: string,
  options: { presses: number; thinkMs: number } & AdvanceVariant,
): Promise<AdvanceOutcome> {
  await page.goto(options.state ? `/queues/${queueId}?state=${options.state}` : `/queues/${queueId}`);
  await page.locator("table tbody tr[data-item-row]").first().waitFor();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/items\//);
  await page.getByRole("region").first().waitFor();
  // The first press only once the item's place is known (Next offered): a press before it is kept
  // or answered "still loading", and on a busy machine the loop's first warning then never came.
  const next = page.getByRole("button", { name: "Next", exact: true });
  await next.waitFor();
  for (let waited = 0; waited < 10_000 && (await next.getAttribute("aria-disabled")) === "true"; waited += 100)
    await page.waitForTimeout(100);
  const samples: AdvanceSample[] = [];
  let stuck = 0;
  for (let i = 0; i < options.presses; i++) {
    if (options.answered) await page.keyboard.press("1");
    await page.waitForTimeout(options.thinkMs);
    if (options.key === "C") {
      // The demo queue asks four questions (three required), at most one answered here: the first
      // Complete & next only says so ("Not completed yet: 3 questions are unanswered"), the second
      // completes anyway and moves on. That second press is the one timed.
      await page.keyboard.press("Shift+C");
      await page.getByText("Not completed yet").first().waitFor({ timeout: 5000 });
      // The warning is read before the second press, as an annotator does: a press right after the warning's own
      // render finds the cores awake (this machine's are slow after idle) and would flatter the key.
      await page.waitForTimeout(options.thinkMs);
    }
    const fromItemId = await page.evaluate(
      () =>
        [...document.querySelectorAll('aside button[aria-label="Copy item ID"]')]
          .find((e) => e.checkVisibility())
          ?.previousElementSibling?.getAttribute("title") ?? "",
    );
    await page.evaluate(armAdvanceProbe, { fromItemId, timeoutMs: 5000, key: options.key });
    await page.keyboard.press(options.key === "C" ? "Shift+C" : options.key);
    const sample = await page.evaluate(probeResult);
    if (sample) samples.push(sample);
    else stuck += 1;
  }
  return { state: "measured", samples, stuck, thinkMs: options.thinkMs };
}
