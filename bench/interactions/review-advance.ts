import type { Page } from "playwright-core";

/** The budget: a key press to the next item painted, p95, over consecutive Complete & next. */
export const ADVANCE_BUDGET_MS = 50;

export type AdvanceSample = {
  /**
   * Shift+C (the keydown event's own time stamp, so a busy page's input delay counts) to the
   * animation frame after the one that first shows the next item's details and call: that frame
   * has been painted by then, so this is an upper bound on the paint (by up to a frame).
   */
  keyToPaintMs: number;
  /** The keydown to two animation frames after the one that shows it (one frame more): results until 2026-11-24 used this. */
  keyToDoubleFrameMs: number;
  /** Diagnostics: the keydown to the end of its handling (React's synchronous work included), and to the animation frame that first finds the item. */
  keyToHandledMs: number;
  keyToFoundMs: number;
  /** "Loading the call…" or "Loading the item…" was on screen at some point in between. */
  flashed: boolean;
};

export type AdvanceOutcome =
  | { state: "measured"; samples: AdvanceSample[]; stuck: number; thinkMs: number }
  | { state: "error"; error: string };

type ProbeWindow = { advanceProbe?: Promise<AdvanceSample | null> };

/**
 * Runs in the page: arms a keydown listener and leaves, on `window.advanceProbe`, a promise that
 * resolves once the review shows an item other than `fromItemId` with its call painted, or null
 * after `timeoutMs` (a stuck advance). Armed before the key is pressed and awaited after: a probe
 * started in the same breath as the press could miss it (the key event and the script reach the
 * page by different routes), and a missed press read as a stuck advance.
 */
export function armAdvanceProbe({ fromItemId, timeoutMs }: { fromItemId: string; timeoutMs: number }): void {
  (window as ProbeWindow).advanceProbe = new Promise((resolve) => {
    let pressedAt = 0;
    let flashed = false;
    // Inside: this function runs in the page, where the module's scope does not exist.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const shownItem = () => decodeURIComponent(location.pathname.split("/items/")[1] ?? "");
    // The address changes before React draws the new item: wait for its details and its call.
    const painted = () => {
      const id = shownItem();
      // Visible ones only: an element in the page that is hidden does not count as shown.
      const details = [...document.querySelectorAll(`aside [title="${CSS.escape(id)}"]`)].find((e) =>
        e.checkVisibility(),
      );
      const call = [...document.querySelectorAll("main section[aria-label]")].find((e) => e.checkVisibility());
      return id !== fromItemId && !!details && !!call && !document.body.textContent?.includes("Loading the call…");
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "C") return;
      pressedAt = event.timeStamp;
      let keyToHandledMs = 0;
      window.addEventListener("keydown", () => (keyToHandledMs = performance.now() - pressedAt), { once: true });
      document.removeEventListener("keydown", onKey, true);
      const started = pressedAt;
      const check = () => {
        const text = document.body.textContent ?? "";
        if (text.includes("Loading the call…") || text.includes("Loading the item…")) flashed = true;
        if (painted()) {
          const keyToFoundMs = performance.now() - pressedAt;
          requestAnimationFrame(() => {
            const keyToPaintMs = performance.now() - pressedAt;
            requestAnimationFrame(() =>
              resolve({
                keyToPaintMs,
                keyToDoubleFrameMs: performance.now() - pressedAt,
                keyToHandledMs,
                keyToFoundMs,
                flashed,
              }),
            );
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
 * The annotator's loop on the 10,000-item demo queue under an Unstarted filter: open the first row,
 * then Complete & next `presses` times, reading each item for `thinkMs` before the next press (the
 * app prefetches the next item in that time). A press after which no other item appears within
 * five seconds counts as stuck. Each item's questions are left unanswered, so each advance is the
 * second press of Complete & next (the first one warns).
 */
export async function measureReviewAdvance(
  page: Page,
  queueId: string,
  options: { presses: number; thinkMs: number },
): Promise<AdvanceOutcome> {
  await page.goto(`/queues/${queueId}?state=unstarted`);
  await page.locator("table tbody tr[data-item-row]").first().waitFor();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/items\//);
  await page.getByRole("region").first().waitFor();
  const samples: AdvanceSample[] = [];
  let stuck = 0;
  for (let i = 0; i < options.presses; i++) {
    await page.waitForTimeout(options.thinkMs);
    // The demo queue asks four questions (three required), left unanswered here: the first Complete & next only
    // says so ("Not completed yet: 3 questions are unanswered"), the second completes anyway and
    // moves on. That second press is the one timed (it was counted as stuck before, every other press).
    await page.keyboard.press("Shift+C");
    await page.getByText("Not completed yet").first().waitFor({ timeout: 5000 });
    const fromItemId = decodeURIComponent(new URL(page.url()).pathname.split("/items/")[1] ?? "");
    await page.evaluate(armAdvanceProbe, { fromItemId, timeoutMs: 5000 });
    await page.keyboard.press("Shift+C");
    const sample = await page.evaluate(probeResult);
    if (sample) samples.push(sample);
    else stuck += 1;
  }
  return { state: "measured", samples, stuck, thinkMs: options.thinkMs };
}
