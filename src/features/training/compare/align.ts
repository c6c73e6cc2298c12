import { chartIndices } from "../charts/downsample";

/**
 * Runs on one chart. Jobs start at different model steps (another model, or a later job on the
 * same model), so a comparison lines them up by the job's own step: the job's n-th gradient step
 * is x = n. Then a row of every job's columns is the same x, and aligning is picking rows.
 */
export type RunColumns = { raw: ArrayLike<number>; smoothed: ArrayLike<number> };

let jobSteps = new Float64Array(0);
/** 1, 2, 3, … n (shared, grown when needed). */
function jobStepAxis(n: number): Float64Array {
  if (jobSteps.length < n) jobSteps = Float64Array.from({ length: Math.max(n, jobSteps.length * 2) }, (_, i) => i + 1);
  return jobSteps.subarray(0, n);
}

/**
 * uPlot's aligned data for runs: x = job step, then each run's raw and smoothed series. A run has
 * a value only at its own min/max points per pixel bucket (every drawn point is a real step), and
 * null elsewhere, including where it has no such step or lacks the metric; the chart joins a
 * run's points across those nulls. Eight runs of 10,000 steps then draw about 1,200 points each,
 * not 10,000: the union of eight runs' extremes is nearly every row, and filling every run at
 * every row drew ~2 million points over 13 charts (a smoothing change took 260-560 ms).
 */
export function alignRuns(runs: readonly RunColumns[], buckets: number, range?: { min: number; max: number }): [number[], ...(number | null)[][]] {
  let longest = 0;
  for (const run of runs) longest = Math.max(longest, run.raw.length);
  // Bit r of keep[row]: the row is one of run r's points (up to 8 runs in a comparison; 32 fit).
  const keep = new Uint32Array(longest);
  runs.forEach((run, r) => {
    for (const row of chartIndices(jobStepAxis(run.raw.length), run.raw, buckets, range)) keep[row] = keep[row]! | (1 << r);
  });
  const x: number[] = [];
  const series = runs.flatMap((): (number | null)[][] => [[], []]);
  for (let row = 0; row < longest; row += 1) {
    if (keep[row] === 0) continue;
    x.push(row + 1);
    const mask = keep[row]!;
    for (let r = 0; r < runs.length; r += 1) {
      const run = runs[r]!;
      const own = (mask & (1 << r)) !== 0;
      series[2 * r]!.push(own ? valueAt(run.raw, row) : null);
      series[2 * r + 1]!.push(own ? valueAt(run.smoothed, row) : null);
    }
  }
  return [x, ...series];
}

function valueAt(column: ArrayLike<number>, row: number): number | null {
  if (row >= column.length) return null;
  const value = column[row]!;
  return Number.isNaN(value) ? null : value;
}
