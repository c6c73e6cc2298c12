import type { ServerDbManifest } from "../fixtures/server-db";
import { ms, table } from "../lib/report";
import { summarize } from "../lib/stats";
import { openSession } from "./browser-session";
import {
  ADVANCE_BUDGET_MS,
  measureReviewAdvance,
  type AdvanceOutcome,
  type AdvanceSample,
  type AdvanceVariant,
} from "./review-advance";
import { keyToItemPaintedMs, REVIEW_KEY_VARIANTS } from "./review-keys";

/** The baseline build of the review keys' side-by-side mode (lib/baseline-build.ts). */
export const REVIEW_KEYS_BASELINE_VARIABLE = "REVIEW_KEYS_BASELINE_DIST";

/** Turns per variant and build: the presses are split between them, and the builds take turns (ABBA…). */
const ROUNDS = 2;

export type KeysSideBySide = { name: string; baseline: AdvanceOutcome; current: AdvanceOutcome };

type Build = "baseline" | "current";
type Options = { presses: number; thinkMs: number };

/** One build's presses of one variant, in a browser of its own (closed after: an idle review polls). */
async function turn(origin: string, manifest: ServerDbManifest, variant: AdvanceVariant, options: Options) {
  const session = await openSession(origin, manifest);
  try {
    return await measureReviewAdvance(session.page, manifest.demoQueueId, { ...options, ...variant });
  } finally {
    await session.close();
  }
}

/**
 * Each variant of the review's keys (review-keys.ts) on both builds: the presses split into ROUNDS turns per build,
 * the builds taking turns in the order baseline, this, this, baseline, so the machine's drift over the run falls on
 * both alike. Each build has its own server over a copy of the same database, so only the dashboard differs.
 */
export async function measureReviewKeysSideBySide(
  origins: Record<Build, string>,
  manifest: ServerDbManifest,
  options: Options,
  orError: (measure: () => Promise<AdvanceOutcome>) => Promise<AdvanceOutcome>,
): Promise<KeysSideBySide[]> {
  const perTurn = { ...options, presses: Math.max(1, Math.ceil(options.presses / ROUNDS)) };
  const results: KeysSideBySide[] = [];
  for (const variant of REVIEW_KEY_VARIANTS) {
    const samples: Record<Build, AdvanceSample[]> = { baseline: [], current: [] };
    const stuck: Record<Build, number> = { baseline: 0, current: 0 };
    let failed: AdvanceOutcome | null = null;
    for (let round = 0; round < ROUNDS && !failed; round++) {
      const order: Build[] = round % 2 === 0 ? ["baseline", "current"] : ["current", "baseline"];
      for (const build of order) {
        const outcome = await orError(() => turn(origins[build], manifest, variant, perTurn));
        if (outcome.state === "error") {
          failed = outcome;
          break;
        }
        samples[build].push(...outcome.samples);
        stuck[build] += outcome.stuck;
      }
    }
    const outcomeOf = (build: Build): AdvanceOutcome =>
      failed ?? { state: "measured", samples: samples[build], stuck: stuck[build], thinkMs: options.thinkMs };
    results.push({ name: variant.name, baseline: outcomeOf("baseline"), current: outcomeOf("current") });
    const p95 = (build: Build) => summarize(samples[build].map(keyToItemPaintedMs)).p95;
    if (!failed)
      console.info(`    review ${variant.name}: key → painted p95 ${p95("baseline")} → ${p95("current")} ms`);
  }
  return results;
}

const painted = (outcome: AdvanceOutcome) =>
  outcome.state === "measured" ? outcome.samples.map(keyToItemPaintedMs) : [];

function figures(values: number[]): { p50: number; p95: number; mean: number } {
  if (values.length === 0) return { p50: Number.NaN, p95: Number.NaN, mean: Number.NaN };
  const { p50, p95 } = summarize(values);
  return { p50, p95, mean: values.reduce((sum, value) => sum + value, 0) / values.length };
}

/** The presses over the budget, as "3 (6%)"; "—" when none were measured. */
function overOneFrame(values: number[]): string {
  if (values.length === 0) return "—";
  const over = values.filter((value) => value > ADVANCE_BUDGET_MS).length;
  return `${over} (${Math.round((100 * over) / values.length)}%)`;
}

const signed = (value: number) => (Number.isNaN(value) ? "—" : `${value > 0 ? "+" : ""}${value.toFixed(1)} ms`);

/** The report's table: each variant's key → painted from both builds, and the change of its mean. */
export function keysSideBySideTable(rows: KeysSideBySide[], baselineDir: string): string {
  return [
    "### Side by side with the baseline build",
    "",
    `The baseline's dashboard from \`${baselineDir}\`, served by this checkout's server over a copy of the same database; for each key, the presses are split into ${ROUNDS} turns per build and the builds take turns (baseline, this, this, baseline), each turn in a browser of its own. Key → painted as above; the mean shows a change the 8-ms rounding of the event's figure hides in the percentiles, and the presses over one frame (${ADVANCE_BUDGET_MS} ms) are what the p95 budget counts: at most 5 in 100.`,
    "",
    table(
      [
        "key",
        "presses (each)",
        "baseline p50 / p95 / mean",
        "this build's p50 / p95 / mean",
        "change of the mean",
        "over one frame: baseline → this",
      ],
      rows.map(({ name, baseline, current }) => {
        const before = figures(painted(baseline));
        const after = figures(painted(current));
        const show = (f: typeof before) => `${ms(f.p50)} / ${ms(f.p95)} / ${ms(Math.round(f.mean * 10) / 10)}`;
        return [
          name,
          String(painted(current).length),
          show(before),
          show(after),
          signed(after.mean - before.mean),
          `${overOneFrame(painted(baseline))} → ${overOneFrame(painted(current))}`,
        ];
      }),
    ),
  ].join("\n");
}
