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
  let count = 0;
  for (let row = 0; row < longest; row += 1) if (keep[row] !== 0) count += 1;
  // Sized once and filled with null natively; then only each run's own points are written.
  const x = sized<number>(count, 0);
  const series = runs.flatMap(() => [sized<number | null>(count, null), sized<number | null>(count, null)]);
  let k = 0;
  for (let row = 0; row < longest; row += 1) {
    const mask = keep[row]!;
    if (mask === 0) continue;
    x[k] = row + 1;
    for (let r = 0; r < runs.length; r += 1) {
      if ((mask & (1 << r)) === 0) continue;
      const run = runs[r]!;
      series[2 * r]![k] = valueAt(run.raw, row);
      series[2 * r + 1]![k] = valueAt(run.smoothed, row);
    }
    k += 1;
  }
  return [x, ...series];
}

/** An array of `count` copies of `value`, sized once (Array.from with a callback took twice as long here). */
function sized<T>(count: number, value: T): T[] {
  const array: T[] = [];
  array.length = count;
  return array.fill(value);
}

function valueAt(column: ArrayLike<number>, row: number): number | null {
  if (row >= column.length) return null;
  const value = column[row]!;
  return Number.isNaN(value) ? null : value;
}
