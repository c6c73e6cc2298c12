import { chartIndices } from "../charts/downsample";
import type { ValidationPoints } from "../charts/validation-series";

/**
 * Runs on one chart. Jobs start at different model steps (another model, or a later job on the
 * same model), so a comparison lines them up by the job's own step: the job's n-th gradient step
 * is x = n. Then a row of every job's columns is the same x, and aligning is picking rows.
 * `val`: the metric as logged with split `val`, by job step (0: the model the job started from).
 */
export type RunColumns = { raw: ArrayLike<number>; smoothed: ArrayLike<number>; val?: ValidationPoints };

/** Whether a run draws a validation series on this chart (a third series after raw and smoothed). */
export const hasValidation = (run: Pick<RunColumns, "val">): boolean => (run.val?.steps.length ?? 0) > 0;

/** The rows to draw: job steps ascending, and per row a bit per run that has a point there. */
export type RunRows = { x: number[]; masks: Uint32Array };

let jobSteps = new Float64Array(0);
/** 1, 2, 3, … n (shared, grown when needed). */
function jobStepAxis(n: number): Float64Array {
  if (jobSteps.length < n) jobSteps = Float64Array.from({ length: Math.max(n, jobSteps.length * 2) }, (_, i) => i + 1);
  return jobSteps.subarray(0, n);
}

/**
 * Which rows to draw. A run has points only at its own min/max per pixel bucket (every drawn
 * point is a real step) and at its validation steps. Eight runs of 10,000 steps then draw about
 * 1,200 points each, not 10,000: filling every run at every row of the union would draw ~2
 * million points over 13 charts, too many to redraw on each smoothing change. The costly part of aligning: a
 * smoothing change keeps the rows and only refills them (`fillRuns`).
 */
export function pickRows(
  runs: readonly Pick<RunColumns, "raw" | "val">[],
  buckets: number,
  range?: { min: number; max: number },
): RunRows {
  let lastStep = 0;
  for (const run of runs) lastStep = Math.max(lastStep, run.raw.length, run.val?.steps.at(-1) ?? 0);
  // keep[s]: job step s (0 is only ever a validation step). Bit r: one of run r's points (up to 8 runs; 32 fit).
  const keep = new Uint32Array(lastStep + 1);
  runs.forEach((run, r) => {
    for (const row of chartIndices(jobStepAxis(run.raw.length), run.raw, buckets, range))
      keep[row + 1] = keep[row + 1]! | (1 << r);
    for (const step of run.val?.steps ?? [])
      if (Number.isInteger(step) && step >= 0) keep[step] = keep[step]! | (1 << r);
  });
  const x: number[] = [];
  const masks: number[] = [];
  for (let step = 0; step <= lastStep; step += 1) {
    if (keep[step] === 0) continue;
    x.push(step);
    masks.push(keep[step]!);
  }
  return { x, masks: Uint32Array.from(masks) };
}

/**
 * uPlot's aligned data for runs at the picked rows: x = job step, then per run its raw and
 * smoothed series and, if it has one, its validation series. Null where a run has no point
 * (the chart joins a run's points across those nulls) or lacks the metric.
 */
export function fillRuns(rows: RunRows, runs: readonly RunColumns[]): [number[], ...(number | null)[][]] {
  const count = rows.x.length;
  const series: (number | null)[][] = [];
  runs.forEach((run, r) => {
    const bit = 1 << r;
    const raw = sized<number | null>(count, null);
    const smoothed = sized<number | null>(count, null);
    for (let k = 0; k < count; k += 1) {
      if ((rows.masks[k]! & bit) === 0) continue;
      // Job step s is the column's row s - 1.
      raw[k] = valueAt(run.raw, rows.x[k]! - 1);
      smoothed[k] = valueAt(run.smoothed, rows.x[k]! - 1);
    }
    series.push(raw, smoothed);
    if (hasValidation(run)) series.push(validationColumn(rows.x, run.val!));
  });
  return [rows.x, ...series];
}

/** Picks and fills in one go (see pickRows and fillRuns). */
export function alignRuns(
  runs: readonly RunColumns[],
  buckets: number,
  range?: { min: number; max: number },
): [number[], ...(number | null)[][]] {
  return fillRuns(pickRows(runs, buckets, range), runs);
}

/** The validation values at the rows' steps (the latest log of a step wins), null between them. */
function validationColumn(x: readonly number[], val: ValidationPoints): (number | null)[] {
  const byStep = new Map<number, number>();
  val.steps.forEach((step, i) => byStep.set(step, val.values[i]!));
  return x.map((step) => {
    const value = byStep.get(step);
    return value === undefined || !Number.isFinite(value) ? null : value;
  });
}

/** An array of `count` copies of `value`, sized once (Array.from with a callback is slower). */
function sized<T>(count: number, value: T): T[] {
  const array: T[] = [];
  array.length = count;
  return array.fill(value);
}

function valueAt(column: ArrayLike<number>, row: number): number | null {
  if (row < 0 || row >= column.length) return null;
  const value = column[row]!;
  return Number.isNaN(value) ? null : value;
}
