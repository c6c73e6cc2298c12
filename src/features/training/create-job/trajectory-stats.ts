import type { TrajectoryGroup } from "@contract/training";

export type Spread = { min: number; mean: number; max: number; std: number };

export type TrajectoryStats = {
  groups: number;
  trajectories: number;
  /** Over every trajectory's reward; null when there are none. */
  reward: Spread | null;
  /** Trajectories per group. */
  groupSize: { min: number; max: number } | null;
};

/** Population standard deviation, as the service computes `reward_std_dev`. */
export function spreadOf(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  const mean = sum / values.length;
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return { min, mean, max, std: Math.sqrt(squares / values.length) };
}

export function trajectoryStats(groups: readonly TrajectoryGroup[]): TrajectoryStats {
  const rewards: number[] = [];
  let minSize = Infinity;
  let maxSize = 0;
  for (const group of groups) {
    minSize = Math.min(minSize, group.trajectories.length);
    maxSize = Math.max(maxSize, group.trajectories.length);
    for (const t of group.trajectories) rewards.push(t.reward);
  }
  return {
    groups: groups.length,
    trajectories: rewards.length,
    reward: spreadOf(rewards),
    groupSize: groups.length ? { min: minSize, max: maxSize } : null,
  };
}
