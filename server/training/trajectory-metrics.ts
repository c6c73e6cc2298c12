import type { Metrics, Trajectory, TrajectoryGroup } from "../../contract/training";
import { approximateTokens, contentText } from "../chat/tokens";

/** Mean and population standard deviation (the spread of the rewards actually sent). */
export function meanAndStd(values: readonly number[]): { mean: number; std: number } {
  if (values.length === 0) return { mean: 0, std: 0 };
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  return { mean, std: Math.sqrt(variance) };
}

/**
 * Approximate tokens of a trajectory (see approximateTokens): a choice or an assistant message is
 * completion (what the model wrote and is trained on); everything else is prompt.
 */
export function trajectoryTokens(trajectory: Trajectory): { total: number; completion: number } {
  let total = 0;
  let completion = 0;
  for (const item of trajectory.messages_and_choices) {
    const message = "message" in item && item.message && typeof item.message === "object" ? item.message : item;
    const tokens = approximateTokens(contentText((message as { content?: unknown }).content));
    total += tokens;
    if ("message" in item || (message as { role?: unknown }).role === "assistant") completion += tokens;
  }
  return { total, completion };
}

/** Real figures of one RL gradient step: the group it trained on. */
export function groupMetrics(group: TrajectoryGroup): Metrics {
  const { mean, std } = meanAndStd(group.trajectories.map((t) => t.reward));
  let tokens = 0;
  let completionTokens = 0;
  for (const trajectory of group.trajectories) {
    const counted = trajectoryTokens(trajectory);
    tokens += counted.total;
    completionTokens += counted.completion;
  }
  return {
    reward: mean,
    reward_std_dev: std,
    num_trajectories: group.trajectories.length,
    num_tokens: tokens,
    num_completion_tokens: completionTokens,
  };
}

const RESERVED = new Set([
  "reward",
  "reward_std_dev",
  "num_groups",
  "num_trajectories",
  "num_tokens",
  "num_completion_tokens",
]);

/**
 * Metrics of logged trajectories: reward mean and spread over all trajectories, counts, the mean
 * of each custom trajectory metric (over the trajectories that report it), and token counts.
 */
export function logMetrics(groups: readonly TrajectoryGroup[]): Metrics {
  const trajectories = groups.flatMap((g) => g.trajectories);
  const { mean, std } = meanAndStd(trajectories.map((t) => t.reward));
  const custom = new Map<string, number[]>();
  let tokens = 0;
  let completionTokens = 0;
  for (const trajectory of trajectories) {
    for (const [name, value] of Object.entries(trajectory.metrics ?? {})) {
      if (RESERVED.has(name)) continue;
      const values = custom.get(name);
      // A boolean metric (ART's "correct") counts as 1 or 0: its mean is the share of true.
      const number = Number(value);
      if (values) values.push(number);
      else custom.set(name, [number]);
    }
    const counted = trajectoryTokens(trajectory);
    tokens += counted.total;
    completionTokens += counted.completion;
  }
  const metrics: Metrics = {
    reward: mean,
    reward_std_dev: std,
    num_groups: groups.length,
    num_trajectories: trajectories.length,
    num_tokens: tokens,
    num_completion_tokens: completionTokens,
  };
  for (const [name, values] of custom) metrics[name] = meanAndStd(values).mean;
  return metrics;
}
