import type { Page } from "playwright-core";
import { HOSTILE_KINDS, type HostileKind } from "../../server/seed/hostile-calls";
import type { ServerDbManifest } from "../fixtures/server-db";
import { openSession } from "../interactions/browser-session";
import {
  installReviewProbe,
  readReviewPaint,
  timeClick,
  type InteractionTiming,
  type ReviewPaint,
} from "../interactions/review-probe";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, type PartOutput, type SummaryRow, type Verdict } from "../lib/report";
import { median } from "../lib/stats";

/** The budget: the review page paints a hostile call within 300 ms, with no long task over 200 ms. */
export const HOSTILE_PAINT_BUDGET_MS = 300;
export const HOSTILE_LONG_TASK_BUDGET_MS = 200;
/** The calls the budget names; the other two kinds are recorded. */
const BUDGETED: readonly HostileKind[] = ["big-string", "deep", "wide"];

const LABELS: Record<HostileKind, string> = {
  "big-string": "a 5 MB answer",
  deep: "3,000 levels of nesting",
  wide: "200,000 leaves",
  "long-path": "a 100 KB display-field path",
  bidi: "right-to-left overrides in names",
};

type TextView = { clickToPaintMs: number; linesReadyMs: number; longTasksMs: number[] };
type Sample = { paint: ReviewPaint; whole: InteractionTiming; text: TextView };

const longest = (tasks: readonly number[]) => (tasks.length ? Math.max(...tasks) : 0);

/** Runs in the page: clicks the output part's text button (`name`) and times it to the paint two frames later. */
async function openOutputText(name: string): Promise<{ started: number; painted: number }> {
  const output = Array.from(document.querySelectorAll("section")).find(
    (s) => s.getAttribute("aria-label") === "Call output",
  );
  const button = Array.from(output?.querySelectorAll("button") ?? []).find((b) => b.textContent === name);
  if (!button) throw new Error(`no "${name}" button in the call's output`);
  const started = performance.now();
  button.click();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return { started, painted: performance.now() };
}

/** Runs in the page: the time the windowed text view says every line is produced, else null. */
function linesReadyAt(): number | null {
  const done = Array.from(document.querySelectorAll("p[aria-live]")).some((p) =>
    /^[\d,]+ lines?$/.test(p.textContent ?? ""),
  );
  return done ? performance.now() : null;
}

/** Runs in the page: the long tasks that started at or after `since` (a performance.now() time). */
function longTasksSince(since: number): number[] {
  const probe = (window as Window & { __reviewProbe?: { longTasks: { start: number; duration: number }[] } })
    .__reviewProbe;
  return (probe?.longTasks ?? []).filter((t) => t.start >= since).map((t) => t.duration);
}

async function measureOnce(page: Page, path: string, textButton: string): Promise<Sample> {
  await page.goto(path);
  const painted = await page.waitForFunction(readReviewPaint, undefined, { timeout: 60_000, polling: 50 });
  const paint = (await painted.jsonValue()) as ReviewPaint;
  // Let the page settle (the item's other reads) before the clicks are timed.
  await page.waitForTimeout(500);
  const whole = await page.evaluate(timeClick, "Show the whole call");
  const opened = await page.evaluate(openOutputText, textButton);
  const ready = await page.waitForFunction(linesReadyAt, undefined, { timeout: 60_000, polling: "raf" });
  const readyAt = (await ready.jsonValue()) as number;
  // Long tasks are reported after they end.
  await page.waitForTimeout(100);
  const longTasksMs = await page.evaluate(longTasksSince, opened.started);
  return {
    paint,
    whole,
    text: { clickToPaintMs: opened.painted - opened.started, linesReadyMs: readyAt - opened.started, longTasksMs },
  };
}

function summaryRow(kind: HostileKind, samples: Sample[]): SummaryRow {
  const paint = samples.map((s) => s.paint.responseToPaintMs);
  const worstTask = Math.max(
    ...samples.map((s) => Math.max(longest(s.paint.callLongTasksMs), longest(s.whole.longTasksMs))),
  );
  const budgeted = BUDGETED.includes(kind);
  const verdict: Verdict = !budgeted
    ? "n/a"
    : against(Math.max(...paint), HOSTILE_PAINT_BUDGET_MS) === "pass" && worstTask < HOSTILE_LONG_TASK_BUDGET_MS
      ? "pass"
      : "fail";
  return {
    benchmark: `Browser: review page with ${LABELS[kind]}, call response → painted`,
    result: `max ${ms(Math.max(...paint))} (median ${ms(median(paint))}); longest task ${ms(worstTask)}; ${count(Math.max(...samples.map((s) => s.paint.domNodes)))} elements`,
    budget: budgeted ? `< ${HOSTILE_PAINT_BUDGET_MS} ms, no task > ${HOSTILE_LONG_TASK_BUDGET_MS} ms` : "recorded",
    verdict,
  };
}

function rows(kind: HostileKind, samples: Sample[]): string[][] {
  return samples.map((s, i) => [
    LABELS[kind],
    String(i + 1),
    ms(s.paint.navigationToPaintMs),
    ms(s.paint.responseToPaintMs),
    ms(longest(s.paint.callLongTasksMs)),
    ms(longest(s.paint.longTasksMs)),
    count(s.paint.domNodes),
    ms(s.whole.clickToPaintMs),
    ms(longest(s.whole.longTasksMs)),
    count(s.whole.domNodes),
    ms(s.text.clickToPaintMs),
    ms(s.text.linesReadyMs),
    ms(longest(s.text.longTasksMs)),
  ]);
}

/**
 * Opens the review page of each hostile call `profile.hostileCalls.reps` times from a fresh load
 * (production build, Chromium, 1280×800) and times, in the page: the call's response to its fields
 * painted, "Show the whole call", and the output's windowed text view (first rows painted, every
 * line produced); with every long task (PerformanceObserver "longtask") and the element count.
 */
export async function hostileCallsPart(
  origin: string,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const session = await openSession(origin, manifest);
  await session.context.addInitScript(installReviewProbe);
  try {
    const measured: { kind: HostileKind; samples: Sample[] }[] = [];
    for (const kind of HOSTILE_KINDS) {
      const { queueId, itemId } = manifest.hostile[kind];
      const samples: Sample[] = [];
      const textButton = kind === "big-string" ? "Whole text" : "JSON text";
      await measureOnce(session.page, `/queues/${queueId}/items/${itemId}`, textButton);
      for (let rep = 0; rep < profile.hostileCalls.reps; rep++)
        samples.push(await measureOnce(session.page, `/queues/${queueId}/items/${itemId}`, textButton));
      console.info(
        `    ${kind}: response → painted ${samples.map((s) => Math.round(s.paint.responseToPaintMs)).join(", ")} ms`,
      );
      measured.push({ kind, samples });
    }
    const markdown = [
      "## Review page with hostile calls (Playwright, Chromium, production build)",
      "",
      `Each call is alone in its queue (no neighbour's call is prefetched) and opened ${profile.hostileCalls.reps} times from a fresh load. "Response → painted" runs from the end of the /call/read response (Resource Timing) to two animation frames after the call's fields are in the page; "navigation → painted" from the navigation's start. Long tasks are the PerformanceObserver "longtask" entries (over 50 ms; 0 = none) in each span: "(call)" from the call's request to the paint (reading, parsing, rendering the call: what the budget is about), "(load)" from the navigation (the app's own start too). One untimed load of each page comes first, so the browser's caches are warm as for an annotator moving through a queue. "Text view" is the output's JSON or whole text, produced in 12 ms slices into a windowed view: click → first rows painted, click → every line produced, and the longest task meanwhile.`,
      "",
      table(
        [
          "call",
          "run",
          "navigation → painted",
          "response → painted",
          "longest task (call)",
          "longest task (load)",
          "elements",
          "whole call: click → painted",
          "longest task",
          "elements",
          "text view: click → painted",
          "all lines",
          "longest task",
        ],
        measured.flatMap(({ kind, samples }) => rows(kind, samples)),
      ),
    ].join("\n");
    return {
      summary: measured.map(({ kind, samples }) => summaryRow(kind, samples)),
      markdown,
      data: { hostile: measured },
    };
  } finally {
    await session.close();
  }
}
