import type { CheckpointStats } from "../api/models";
import type { Direction } from "../metrics";

/** The step with the best value of `metric` over all checkpoints, or null. */
export function bestCheckpoint(
  stats: CheckpointStats | undefined,
  metric: string,
  direction: Direction,
): { step: number; value: number } | null {
  const extremes = stats?.metrics[metric];
  if (!extremes) return null;
  return direction === "higher" ? extremes.max : extremes.min;
}

/** The metric to rank by when the user has not chosen: reward, else loss, else the first. */
export function defaultRankingMetric(metrics: readonly string[]): string | null {
  if (metrics.includes("reward")) return "reward";
  if (metrics.includes("loss")) return "loss";
  return metrics[0] ?? null;
}
