/**
 * In-page timing of work mode's Complete & next. Every function here runs in the page (passed to
 * page.evaluate): self-contained, no imports.
 */

/** A request the page made between the key press and the paint (Resource Timing, times from the press). */
export type PathRequest = { path: string; startMs: number; endMs: number };

export type PressSample = {
  /** The item left and the item shown after the press. */
  fromItemId: string;
  toItemId: string;
  /**
   * Shift+C (the keydown's own time stamp) to the animation frame after the one that first shows
   * the next item (its id in its details, the call's fields drawn, no "Loading the call…"): that
   * frame has been painted by then, an upper bound on the paint by up to a frame.
   */
  keyToPaintMs: number;
  /** The keydown to the frame that first shows it (its paint still to come). */
  keyToFoundMs: number;
  /** The largest gap between animation frames from the press to the paint (about 17 ms: none dropped). */
  longestFrameMs: number;
  /** When the press happened and the paint, in the page's clock: the window the requests are read for. */
  pressedAt: number;
  paintedAt: number;
};

type ProbeWindow = {
  pressProbe?: Promise<PressSample | null>;
  lostRaces?: { count: number; observer: MutationObserver };
};

/**
 * Runs in the page: arms a keydown listener for Shift+C and leaves, on `window.pressProbe`, a promise
 * that resolves once the review shows an item other than `fromItemId` with its call painted, or null
 * after `timeoutMs`. Armed before the key is pressed, awaited after (a probe started in the same
 * breath as the press could miss it).
 */
export function armPressProbe({ fromItemId, timeoutMs }: { fromItemId: string; timeoutMs: number }): void {
  (window as ProbeWindow).pressProbe = new Promise((resolve) => {
    let pressedAt = 0;
    // The item on screen is the one its details name: the review writes the address after the item's paint, so the
    // address names the item a frame or more late. Visible ones only.
    // Inside: this function runs in the page, where the module's scope does not exist.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const shownItem = () =>
      [...document.querySelectorAll('aside button[aria-label="Copy item ID"]')]
        .find((e) => e.checkVisibility())
        ?.previousElementSibling?.getAttribute("title") ?? "";
    const painted = () => {
      const id = shownItem();
      if (id === "" || id === fromItemId) return false;
      const call = [...document.querySelectorAll("main section[aria-label]")].some((e) => e.checkVisibility());
      return call && !document.body.textContent?.includes("Loading the call…");
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "C") return;
      document.removeEventListener("keydown", onKey, true);
      pressedAt = event.timeStamp;
      let previous = performance.now();
      let longest = 0;
      const check = () => {
        const now = performance.now();
        longest = Math.max(longest, now - previous);
        previous = now;
        if (painted()) {
          const keyToFoundMs = now - pressedAt;
          requestAnimationFrame(() => {
            const paintedAt = performance.now();
            resolve({
              fromItemId,
              toItemId: shownItem(),
              keyToPaintMs: paintedAt - pressedAt,
              keyToFoundMs,
              longestFrameMs: Math.max(longest, paintedAt - now),
              pressedAt,
              paintedAt,
            });
          });
          return;
        }
        if (now - pressedAt > timeoutMs) return resolve(null);
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    };
    document.addEventListener("keydown", onKey, true);
    setTimeout(() => {
      if (pressedAt === 0) {
        document.removeEventListener("keydown", onKey, true);
        resolve(null);
      }
    }, timeoutMs);
  });
}

/** Runs in the page: the armed probe's result. */
export function pressProbeResult(): Promise<PressSample | null> {
  return (window as ProbeWindow).pressProbe ?? Promise.resolve(null);
}

/**
 * Runs in the page: the API requests that started between `from` and `to` (the page's clock), as
 * paths with their start and end from `from`; then forgets every entry read so far, so the buffer
 * never fills over hundreds of presses. Read a moment after the paint: an entry is recorded when
 * its response has ended.
 */
export function requestsBetween({ from, to }: { from: number; to: number }): PathRequest[] {
  const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  performance.clearResourceTimings();
  return entries
    .filter((e) => e.startTime >= from && e.startTime <= to && new URL(e.name).pathname.startsWith("/api/"))
    .map((e) => ({ path: new URL(e.name).pathname, startMs: e.startTime - from, endMs: e.responseEnd - from }));
}

/** Runs in the page: room for every entry between two reads. */
export function widenResourceBuffer(): void {
  performance.setResourceTimingBufferSize(10_000);
  performance.clearResourceTimings();
}

/**
 * Runs in the page: counts each time the review says a claim was lost ("… took that item a moment
 * before you"), by watching what is added or changed in the page (the message's own nodes only,
 * so the count costs nothing on a frame that shows an item).
 */
export function watchLostRaces(): void {
  const phrase = "took that item a moment before you";
  const state = { count: 0, observer: new MutationObserver(() => undefined) };
  state.observer = new MutationObserver((records) => {
    const said = records.some((record) =>
      record.type === "characterData"
        ? (record.target.textContent ?? "").includes(phrase)
        : [...record.addedNodes].some((node) => (node.textContent ?? "").includes(phrase)),
    );
    if (said) state.count += 1;
  });
  state.observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  (window as ProbeWindow).lostRaces = state;
}

/** Runs in the page: how many lost claims the review has announced since `watchLostRaces`. */
export function lostRacesSaid(): number {
  return (window as ProbeWindow).lostRaces?.count ?? 0;
}

/** Runs in the page: the item the review shows (its details name it; the address follows it a frame or more later). */
export function itemOnScreen(): string {
  return (
    [...document.querySelectorAll('aside button[aria-label="Copy item ID"]')]
      .find((e) => e.checkVisibility())
      ?.previousElementSibling?.getAttribute("title") ?? ""
  );
}

/** Runs in the page: whether the question labelled `label` shows the choice `value` picked. */
export function answerShown({ label, value }: { label: string; value: string }): boolean {
  const group = [...document.querySelectorAll("fieldset")].find(
    (g) => g.querySelector("legend")?.textContent?.trim() === label,
  );
  const picked = group?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
  return picked?.value === value || picked?.closest("label")?.textContent?.includes(value) === true;
}

/** Runs in the page: waits until `at` on the page's clock (the annotator's reading time). */
export function waitUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
}
