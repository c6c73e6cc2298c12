/** Which way is better for a metric, for marking the best checkpoint. The user can flip it. */
export const DIRECTIONS = ["higher", "lower"] as const;
export type Direction = (typeof DIRECTIONS)[number];

// Losses, divergences, errors and spreads go down as a model improves; rewards and scores go up.
const LOWER_IS_BETTER = /(loss|error|perplexity|kl|grad_norm|std|latency)/i;

export function defaultDirection(metric: string): Direction {
  return LOWER_IS_BETTER.test(metric) ? "lower" : "higher";
}

const PREFERRED_ORDER = [
  "reward",
  "loss",
  "policy_loss",
  "reward_std_dev",
  "entropy",
  "kl_div",
  "grad_norm",
  "learning_rate",
  "tokens_per_second",
  "num_trajectories",
  "num_examples",
  "num_tokens",
  "num_completion_tokens",
];

function rank(name: string): number {
  const index = PREFERRED_ORDER.indexOf(name);
  return index === -1 ? PREFERRED_ORDER.length : index;
}

/** Reward and loss first (what people look at), then the usual ones, then the rest as they came. */
export function orderMetrics(names: readonly string[]): string[] {
  return names
    .map((name, position) => ({ name, position }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.position - b.position)
    .map((m) => m.name);
}

/** The headline metric of a job: reward for RL, loss otherwise. */
export function headlineMetric(metrics: Record<string, number>): { name: string; value: number } | null {
  for (const name of ["reward", "loss"]) {
    const value = metrics[name];
    if (value !== undefined) return { name, value };
  }
  return null;
}

/**
 * Series that barely move (a learning rate, per-step counts): drawn small, after the others, so
 * the curves people read get the room.
 */
export function isFlatMetric(name: string): boolean {
  return name === "learning_rate" || name.startsWith("num_");
}

/** The chart to emphasise: reward when there is one, else loss (the headline metric). */
export function emphasisedMetric(names: readonly string[]): string | null {
  return names.includes("reward") ? "reward" : names.includes("loss") ? "loss" : null;
}
