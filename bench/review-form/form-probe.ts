/**
 * In-page timing of the review's Annotate form. Every function here runs in the page (passed to
 * page.evaluate or waitForFunction): self-contained, no imports.
 */

/** What one question of the form should show, found by its legend (the spec's label). */
export type FormExpectation = {
  label: string;
  /** The one choice shown as picked (a checked radio, or an aria-pressed / aria-checked control), by its text. */
  chosen?: string;
  /** The text area's value. */
  text?: string;
  /** Pieces of the "Others:" line, "<user> <value>" each. */
  others?: string[];
};

export type FormPaint = {
  /** When the probe was armed (just before the held answers were let through). */
  armedAt: number;
  /** The animation frame that first finds every value in the document: the frame that paints them. */
  foundAt: number;
  /** The animation frame after it: that frame has been painted by then (an upper bound, by up to a frame). */
  paintedAt: number;
  /** The largest gap between animation frames from arming to `paintedAt` (about 17 ms: none dropped). */
  longestFrameMs: number;
};

type ProbeWindow = { formProbe?: Promise<FormPaint | null> };

/** Runs in the page: every question's group is there (the specs were read) and the call is shown. */
export function formReady(labels: string[]): boolean {
  const legends = [...document.querySelectorAll("fieldset > legend")].map((l) => l.textContent?.trim());
  const call = [...document.querySelectorAll("main section[aria-label]")].some((e) => e.checkVisibility());
  return (
    labels.every((label) => legends.includes(label)) &&
    call &&
    !document.body.textContent?.includes("Loading the call…")
  );
}

/**
 * Runs in the page: leaves on `window.formProbe` a promise of the frames that show every expected
 * value (null after `timeoutMs`), checked once per animation frame. Returns whether the values
 * are already shown: they must not be before the held answers are let through.
 */
export function armFormProbe({ expected, timeoutMs }: { expected: FormExpectation[]; timeoutMs: number }): boolean {
  // Inside: this function runs in the page, where the module's scope does not exist.
  // A control's visible text: a number key's hint is aria-hidden and not part of the answer.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const textOf = (node: Node): string =>
    [...node.childNodes]
      .map((child) =>
        child instanceof Element
          ? child.getAttribute("aria-hidden") === "true"
            ? ""
            : textOf(child)
          : (child.textContent ?? ""),
      )
      .join("");
  const shows = (): boolean => {
    const groups = [...document.querySelectorAll("fieldset")];
    return expected.every((want) => {
      const group = groups.find((g) => g.querySelector("legend")?.textContent?.trim() === want.label);
      if (!group) return false;
      if (want.text !== undefined && group.querySelector("textarea")?.value !== want.text) return false;
      if (want.chosen !== undefined) {
        const picked = [
          ...group.querySelectorAll('input[type="radio"]:checked, [aria-pressed="true"], [aria-checked="true"]'),
        ];
        const texts = picked.map((p) => textOf(p instanceof HTMLInputElement ? (p.closest("label") ?? p) : p).trim());
        if (texts.length !== 1 || texts[0] !== want.chosen) return false;
      }
      const othersLine =
        [...group.querySelectorAll("p")].find((p) => p.textContent?.startsWith("Others:"))?.textContent ?? "";
      return (want.others ?? []).every((other) => othersLine.includes(other));
    });
  };
  const already = shows();
  const armedAt = performance.now();
  (window as ProbeWindow).formProbe = new Promise((resolve) => {
    let previous = armedAt;
    let longest = 0;
    const frame = () => {
      const now = performance.now();
      longest = Math.max(longest, now - previous);
      previous = now;
      if (shows()) {
        requestAnimationFrame(() => {
          const paintedAt = performance.now();
          resolve({ armedAt, foundAt: now, paintedAt, longestFrameMs: Math.max(longest, paintedAt - now) });
        });
        return;
      }
      if (now - armedAt > timeoutMs) return resolve(null);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return already;
}

/** Runs in the page: the armed probe's result. */
export function formProbeResult(): Promise<FormPaint | null> {
  return (window as ProbeWindow).formProbe ?? Promise.resolve(null);
}

/** Runs in the page: the /feedback/query responses (Resource Timing) that ended after `since`. */
export function feedbackResponsesSince(since: number): { startTime: number; responseEnd: number; bytes: number }[] {
  return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
    .filter((e) => e.name.endsWith("/feedback/query") && e.responseEnd > since)
    .map((e) => ({ startTime: e.startTime, responseEnd: e.responseEnd, bytes: e.encodedBodySize }));
}
