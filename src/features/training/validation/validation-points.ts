import type { LocalLoggedMetrics } from "@contract/training";
import type { ValidationPoints } from "../charts/validation-series";

/**
 * Validation metrics of one job, per metric name, from its model's `val` logs. A model's logs
 * span all its jobs; this job's are those taken from the step before its first (the model it
 * started from: a baseline) to its last, or on while it runs. Ascending steps.
 */
export function validationForJob(
  logs: readonly LocalLoggedMetrics[],
  steps: { firstStep: number | null; lastStep: number | null; running: boolean },
): Map<string, ValidationPoints> {
  const byMetric = new Map<string, { steps: number[]; values: number[] }>();
  if (steps.firstStep === null) return byMetric;
  const from = steps.firstStep - 1;
  const to = steps.running || steps.lastStep === null ? Infinity : steps.lastStep;
  const inRange = logs
    .filter((log) => log.step >= from && log.step <= to)
    .sort((a, b) => a.step - b.step || a.id - b.id);
  for (const log of inRange) {
    for (const [name, value] of Object.entries(log.metrics)) {
      if (!Number.isFinite(value)) continue;
      let points = byMetric.get(name);
      if (!points) {
        points = { steps: [], values: [] };
        byMetric.set(name, points);
      }
      points.steps.push(log.step);
      points.values.push(value);
    }
  }
  return byMetric;
}

/**
 * The same series by the job's own step (a comparison's x: the job's n-th gradient step is n),
 * from its first model step: the baseline log before the first step is job step 0.
 */
export function byJobStep(
  points: ReadonlyMap<string, ValidationPoints>,
  firstStep: number | null,
): Map<string, ValidationPoints> {
  const shifted = new Map<string, ValidationPoints>();
  if (firstStep === null) return shifted;
  for (const [name, { steps, values }] of points)
    shifted.set(name, { steps: steps.map((step) => step - firstStep + 1), values });
  return shifted;
}
