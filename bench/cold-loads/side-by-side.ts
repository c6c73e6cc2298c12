import type { Browser } from "playwright-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import { ms, table } from "../lib/report";
import { summarize } from "../lib/stats";
import type { ColdLoadPage } from "./cold-load-pages";
import { measureColdLoad, type ColdLoadOutcome, type ColdLoadSample } from "./cold-load";

/** The baseline build of the cold loads' side-by-side mode (lib/baseline-build.ts). */
export const COLD_LOADS_BASELINE_VARIABLE = "COLD_LOADS_BASELINE_DIST";

export type SideBySide = { baseline: ColdLoadOutcome; current: ColdLoadOutcome };

/**
 * `reps` loads of the page from each build, alternating which goes first (baseline, this; this,
 * baseline; …): the machine's drift over the minutes of a run falls on both alike, where two runs
 * one after the other put it all on one.
 */
export async function measureSideBySide(
  browser: Browser,
  origins: { baseline: string; current: string },
  manifest: ServerDbManifest,
  page: ColdLoadPage,
  reps: number,
): Promise<SideBySide> {
  const samples: { baseline: ColdLoadSample[]; current: ColdLoadSample[] } = { baseline: [], current: [] };
  for (let rep = 0; rep < reps; rep++) {
    const order = rep % 2 === 0 ? (["baseline", "current"] as const) : (["current", "baseline"] as const);
    for (const build of order) {
      const outcome = await measureColdLoad(browser, origins[build], manifest, page, 1);
      if (outcome.state !== "measured") return { baseline: outcome, current: outcome };
      samples[build].push(...outcome.samples);
    }
  }
  return {
    baseline: { state: "measured", samples: samples.baseline },
    current: { state: "measured", samples: samples.current },
  };
}

const medianOf = (outcome: ColdLoadOutcome) =>
  outcome.state === "measured" ? summarize(outcome.samples.map((x) => x.contentMs)).p50 : Number.NaN;

/** The report's table: each page's median from both builds, and the change. */
export function sideBySideTable(rows: { page: ColdLoadPage; result: SideBySide }[], baselineDir: string): string {
  return [
    "### Side by side with the baseline build",
    "",
    `The baseline's dashboard from \`${baselineDir}\`, served by this checkout's server over a copy of the same database; the two builds' loads alternate (see above for each load's method).`,
    "",
    table(
      ["page", "baseline median", "this build's median", "change"],
      rows.map(({ page, result }) => {
        const before = medianOf(result.baseline);
        const after = medianOf(result.current);
        const change = after - before;
        return [
          page.name,
          ms(before),
          ms(after),
          Number.isNaN(change)
            ? "—"
            : `${change > 0 ? "+" : ""}${Math.round(change)} ms (${((100 * change) / before).toFixed(0)} %)`,
        ];
      }),
    ),
  ].join("\n");
}
