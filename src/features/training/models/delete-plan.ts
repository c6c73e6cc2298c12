import type { CheckpointStats } from "../api/models";
import { formatStepList } from "./step-list";

/** What the service holds, as far as the page knows: every step, the best one and the latest. */
export type KnownCheckpoints = {
  stats: CheckpointStats | undefined;
  best: { step: number; metric: string; value: number } | null;
};

/** Steps asked to be deleted, split by what exists, with what deleting them costs beyond the steps. */
export type DeletePlan = {
  /** Steps to send: the existing ones when every step is known, else all that were asked. */
  steps: number[];
  /** Asked for but not on the service (only when every step is known). */
  missing: number[];
  /** Sentences about what else changes: the best or the latest checkpoint goes. */
  warnings: string[];
};

const stepsWord = (steps: readonly number[]) => `${steps.length === 1 ? "Step" : "Steps"} ${formatStepList(steps)}`;

/**
 * Plans a delete of `asked` steps. When every checkpoint has been read (stats), steps that do not
 * exist are left out and named, instead of being listed as if they would be deleted; deleting the
 * best checkpoint (by the ranking chosen on the page) or the latest one is said in words, since
 * both change what the model page and model-name chat addresses point at.
 */
export function planDelete(asked: readonly number[], known: KnownCheckpoints): DeletePlan {
  const all = known.stats ? new Set(known.stats.steps) : null;
  const steps = all ? asked.filter((s) => all.has(s)) : [...asked];
  const missing = all ? asked.filter((s) => !all.has(s)) : [];
  const deleting = new Set(steps);
  const warnings: string[] = [];
  const { best } = known;
  if (best && deleting.has(best.step)) {
    warnings.push(
      `Step ${best.step} is the best checkpoint by ${best.metric} (${formatMetric(best.value)}): the next best becomes the one offered.`,
    );
  }
  const latest = known.stats?.lastStep ?? null;
  if (latest !== null && deleting.has(latest)) {
    const remaining = known.stats!.steps.reduce((highest, s) => (deleting.has(s) ? highest : Math.max(highest, s)), -1);
    const fallback = remaining >= 0 ? `step ${remaining}` : "no checkpoint at all";
    warnings.push(
      `Step ${latest} is the latest checkpoint: chat that names the model without a step will answer from ${fallback} instead.`,
    );
  }
  return { steps, missing, warnings };
}

/** "Step 4 of support-sft will be deleted" / "Steps 4, 7-9 of … will be deleted". */
export function describeDeletion(steps: readonly number[], modelLabel: string): string {
  return `${stepsWord(steps)} of ${modelLabel} will be deleted from the training service.`;
}

/** "Not on the service, so not deleted: step 99." */
export function describeMissing(missing: readonly number[]): string {
  return `Not on the service, so nothing to delete: ${stepsWord(missing).toLowerCase()}.`;
}

function formatMetric(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toPrecision(4).replace(/\.?0+$/, "");
}
