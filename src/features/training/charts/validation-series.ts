import { lowerBound } from "./downsample";

/** One metric's validation values by model step (from `/log` with split `val`), ascending steps. */
export type ValidationPoints = { steps: readonly number[]; values: readonly number[] };

/**
 * uPlot's aligned columns for a training chart with its validation series: x, each training
 * series at the chosen rows, then "val". Validation is logged at a model step that is usually
 * one of the training steps (the checkpoint it evaluated), so that row is always drawn; a step
 * with no training row (step 0: before any training) gets its own x with the training series
 * empty there. The val column is null between its points (the chart spans those gaps).
 */
export function alignWithValidation(
  indices: readonly number[],
  xs: ArrayLike<number>,
  series: ArrayLike<number>[],
  val: ValidationPoints,
): [number[], ...(number | null)[][]] {
  // The latest log of a step wins (a step evaluated twice).
  const valAtStep = new Map<number, number>();
  val.steps.forEach((step, i) => valAtStep.set(step, val.values[i]!));
  const rows = new Set(indices);
  const extra: number[] = [];
  for (const step of valAtStep.keys()) {
    const row = lowerBound(xs, step);
    if (row < xs.length && xs[row] === step) rows.add(row);
    else extra.push(step);
  }
  const sortedRows = [...rows].sort((a, b) => a - b);
  extra.sort((a, b) => a - b);

  const x: number[] = [];
  const ys = series.map((): (number | null)[] => []);
  const valColumn: (number | null)[] = [];
  const pushExtra = (step: number) => {
    x.push(step);
    for (const column of ys) column.push(null);
    valColumn.push(finite(valAtStep.get(step)));
  };
  let next = 0;
  for (const row of sortedRows) {
    const step = xs[row]!;
    while (next < extra.length && extra[next]! < step) pushExtra(extra[next++]!);
    x.push(step);
    for (let s = 0; s < series.length; s += 1) ys[s]!.push(finite(series[s]![row]));
    valColumn.push(finite(valAtStep.get(step)));
  }
  while (next < extra.length) pushExtra(extra[next++]!);
  return [x, ...ys, valColumn];
}

function finite(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) ? null : value;
}
