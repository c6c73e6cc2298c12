import type { Metrics } from "../../contract/training";

// No GPU trains anything here, so these figures are SYNTHETIC: plausible, gently noisy curves that
// decay over the job. They are seeded by the job id and step index, so a job always gets the same
// curve, also when it resumes after a restart. training_started names them in `simulated_metrics`.

export const SIMULATED_RL_METRICS = [
  "loss",
  "policy_loss",
  "entropy",
  "kl_div",
  "grad_norm",
  "tokens_per_second",
] as const;
export const SIMULATED_SFT_METRICS = ["loss", "grad_norm", "tokens_per_second"] as const;

/** FNV-1a, then one round of a xorshift-multiply mix: a uniform value in [-1, 1). */
function noise(jobId: string, index: number, channel: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${jobId}|${index}|${channel}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x7feb352d);
  hash ^= hash >>> 15;
  return ((hash >>> 0) / 0x1_0000_0000) * 2 - 1;
}

/** Position in the job: 0 at the first step, 1 at the last. */
const progress = (index: number, numSteps: number) => (numSteps <= 1 ? 1 : index / (numSteps - 1));

const round = (value: number, digits = 6) => Number(value.toFixed(digits));

export function simulatedRlMetrics(jobId: string, index: number, numSteps: number): Metrics {
  const p = progress(index, numSteps);
  const n = (channel: string) => noise(jobId, index, channel);
  const policyLoss = 0.08 * Math.exp(-2.5 * p) + 0.01 + 0.015 * n("policy_loss");
  const klDiv = 0.001 + 0.012 * p + 0.002 * Math.abs(n("kl_div"));
  return {
    loss: round(policyLoss + 0.1 * klDiv),
    policy_loss: round(policyLoss),
    entropy: round(1.1 - 0.35 * p + 0.04 * n("entropy")),
    kl_div: round(klDiv),
    grad_norm: round(0.35 * Math.exp(-1.5 * p) + 0.08 + 0.05 * Math.abs(n("grad_norm"))),
    tokens_per_second: round(2400 + 350 * n("tokens_per_second"), 1),
  };
}

export function simulatedSftMetrics(jobId: string, index: number, numSteps: number): Metrics {
  const p = progress(index, numSteps);
  const n = (channel: string) => noise(jobId, index, channel);
  return {
    loss: round(1.9 * Math.exp(-2.2 * p) + 0.55 + 0.06 * n("loss")),
    grad_norm: round(2.2 * Math.exp(-1.8 * p) + 0.3 + 0.15 * Math.abs(n("grad_norm"))),
    tokens_per_second: round(5200 + 500 * n("tokens_per_second"), 1),
  };
}
