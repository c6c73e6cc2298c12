import type { Page } from "playwright-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, type SummaryRow } from "../lib/report";
import { summarize } from "../lib/stats";
import {
  ADVANCE_BUDGET_MS,
  measureReviewAdvance,
  type AdvanceOutcome,
  type AdvanceSample,
  type AdvanceVariant,
} from "./review-advance";

/**
 * Complete & next and Next under an Unstarted filter, each on items left unanswered and on items whose first
 * question was answered: the presses held to one frame. Then Next unstarted where it has to look past the list
 * at hand: with no filter (it skips the items done) and under a Completed filter (the list holds none), recorded
 * without a budget: its next item is read ahead only when the window at hand holds it, else a read of the list finds it.
 */
export const REVIEW_KEY_VARIANTS: readonly (AdvanceVariant & { name: string })[] = [
  { name: "Complete & next (Shift+C)", key: "C", answered: false, state: "unstarted" },
  { name: "Next (n)", key: "n", answered: false, state: "unstarted" },
  { name: "Complete & next, answered", key: "C", answered: true, state: "unstarted" },
  { name: "Next, answered", key: "n", answered: true, state: "unstarted" },
  { name: "Next unstarted (u), no filter", key: "u", answered: false, state: null },
  { name: "Next unstarted (u), Completed filter", key: "u", answered: false, state: "completed" },
];

/** Whether the named variant's presses are held to one frame (the Next unstarted ones are recorded only). */
const heldToOneFrame = (name: string) => REVIEW_KEY_VARIANTS.find((variant) => variant.name === name)?.key !== "u";

export type ReviewKeysOutcome = { name: string; outcome: AdvanceOutcome }[];

/** An event under the browser's 16 ms reporting threshold: its rounded duration was 8 ms or less. */
const UNREPORTED_EVENT_MS = 8;

/**
 * The press's time to the next item painted, as well as it is known: the browser's event duration
 * when the item was drawn in the key's own handling (then the next paint after the handlers is the
 * item's), else the probe's upper bound.
 */
export function keyToItemPaintedMs(s: AdvanceSample): number {
  return s.foundInFirstFrame ? (s.eventDurationMs ?? UNREPORTED_EVENT_MS) : s.keyToPaintMs;
}

export async function measureReviewKeys(
  page: Page,
  queueId: string,
  options: { presses: number; thinkMs: number },
  orError: (measure: () => Promise<AdvanceOutcome>) => Promise<AdvanceOutcome>,
): Promise<ReviewKeysOutcome> {
  const measured: ReviewKeysOutcome = [];
  for (const variant of REVIEW_KEY_VARIANTS) {
    const outcome = await orError(() => measureReviewAdvance(page, queueId, { ...options, ...variant }));
    if (outcome.state === "measured")
      console.info(
        `    review ${variant.name}: key → painted p95 ${summarize(outcome.samples.map(keyToItemPaintedMs)).p95} ms`,
      );
    measured.push({ name: variant.name, outcome });
  }
  return measured;
}

const p50p95 = (values: number[]) => {
  const s = summarize(values);
  return `${ms(s.p50)} / ${ms(s.p95)}`;
};

function row({ name, outcome }: ReviewKeysOutcome[number]): string[] {
  if (outcome.state === "error") return [name, `error: ${outcome.error}`, "", "", "", "", "", "", ""];
  const s = outcome.samples;
  const presses = s.length + outcome.stuck;
  const reported = s.filter((x) => x.eventDurationMs !== null);
  return [
    name,
    String(presses),
    p50p95(s.map(keyToItemPaintedMs)),
    p50p95(s.map((x) => x.eventDurationMs ?? UNREPORTED_EVENT_MS)),
    `${s.length - reported.length} of ${s.length}`,
    p50p95(s.map((x) => x.keyToPaintMs)),
    p50p95(reported.map((x) => x.handlersMs ?? 0)),
    `${s.filter((x) => x.foundInFirstFrame).length} of ${s.length}`,
    `${outcome.stuck} / ${s.filter((x) => x.flashed).length}`,
  ];
}

function summaryRow({ name, outcome }: ReviewKeysOutcome[number], manifest: ServerDbManifest): SummaryRow {
  const held = heldToOneFrame(name);
  const benchmark = `Browser, ${count(manifest.demoQueueItems)}-item queue${held ? ", Unstarted filter" : ""}: key press → next item painted, ${name}`;
  const budget = held ? `< ${ADVANCE_BUDGET_MS} ms p95, none stuck` : "recorded (none stuck)";
  if (outcome.state === "error") return { benchmark, result: outcome.error, budget, verdict: "error" };
  const painted = summarize(outcome.samples.map(keyToItemPaintedMs));
  const probe = summarize(outcome.samples.map((x) => x.keyToPaintMs));
  const presses = outcome.samples.length + outcome.stuck;
  const firstFrame = outcome.samples.filter((x) => x.foundInFirstFrame).length;
  return {
    benchmark,
    result: `p95 ${ms(painted.p95)} (p50 ${ms(painted.p50)}; frame probe p95 ${ms(probe.p95)}) over ${presses} presses ${outcome.thinkMs} ms apart; drawn in the key's handling ${firstFrame} times; ${outcome.stuck} stuck`,
    budget,
    verdict: outcome.stuck > 0 ? "fail" : held ? against(painted.p95, ADVANCE_BUDGET_MS) : "n/a",
  };
}

export function reviewKeysSection(
  measured: ReviewKeysOutcome,
  manifest: ServerDbManifest,
  profile: Profile,
): { markdown: string; summary: SummaryRow[] } {
  const markdown = [
    `### Review: the next item through the ${count(manifest.demoQueueItems)}-item queue`,
    "",
    `Under an Unstarted filter, ${profile.interactions.advances} consecutive presses of each key (Next unstarted: with no filter, where it skips the items done, and under a Completed filter, whose list holds no unstarted item, so the next one is read from the list with every state), each after ${profile.interactions.thinkMs} ms on the item (the time an annotator reads; the app prefetches the next item meanwhile); "answered": \`1\` pressed on each item first (the Annotate panel shows an answer). Complete & next is pressed twice per item (the first press names the unanswered questions); the second, after the warning was read for as long again, is timed. Two measures, both from the keydown's own time stamp (so input delay counts): **event → next paint**, the browser's Event Timing entry (the next paint after the key's handlers ran, rounded to 8 ms; entries under 16 ms are not reported and count as 8 ms), which is the item's paint when the item was drawn in the key's own handling ("drawn in the handling": found at the first animation frame after the key); and the **frame probe**, to the animation frame after the one that first shows the next item's details and call, an upper bound by up to a frame. **key → painted** takes the event's figure where the item was drawn in the handling, else the probe's. Handlers: the entry's processing time (React's synchronous render of the next item is in it). Stuck: no other item within 5 s; loading: a loading message appeared in between.`,
    "",
    table(
      [
        "key",
        "presses",
        "key → painted p50 / p95",
        "event → next paint p50 / p95",
        "under 16 ms",
        "frame probe p50 / p95",
        "handlers p50 / p95",
        "drawn in the handling",
        "stuck / loading",
      ],
      measured.map(row),
    ),
  ].join("\n");
  return { markdown, summary: measured.map((m) => summaryRow(m, manifest)) };
}
