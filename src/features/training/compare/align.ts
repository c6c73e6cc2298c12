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
 * uPlot's aligned data for runs: x = job step, then each run's raw and smoothed series (null where
 * a run has no such step or lacks the metric there). The rows drawn are the union of each run's
 * min/max points per pixel bucket (every drawn point is a real step of some run), so eight runs
 * of 10,000 steps draw a few thousand points, not 80,000 (zoomed: finer inside the range).
 */
export function alignRuns(runs: readonly RunColumns[], buckets: number, range?: { min: number; max: number }): [number[], ...(number | null)[][]] {
  let longest = 0;
  for (const run of runs) longest = Math.max(longest, run.raw.length);
  const keep = new Uint8Array(longest);
  for (const run of runs) {
    for (const row of chartIndices(jobStepAxis(run.raw.length), run.raw, buckets, range)) keep[row] = 1;
  }
  const x: number[] = [];
  const series = runs.flatMap((): (number | null)[][] => [[], []]);
  for (let row = 0; row < longest; row += 1) {
    if (keep[row] === 0) continue;
    x.push(row + 1);
    for (let r = 0; r < runs.length; r += 1) {
      const run = runs[r]!;
      series[2 * r]!.push(valueAt(run.raw, row));
      series[2 * r + 1]!.push(valueAt(run.smoothed, row));
    }
  }
  return [x, ...series];
}

function valueAt(column: ArrayLike<number>, row: number): number | null {
  if (row >= column.length) return null;
  const value = column[row]!;
  return Number.isNaN(value) ? null : value;
}
