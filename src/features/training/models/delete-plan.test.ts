import { describe, expect, it } from "vitest";
import type { CheckpointStats } from "../api/models";
import { describeDeletion, planDelete } from "./delete-plan";

const stats = (steps: number[]): CheckpointStats => ({
  count: steps.length,
  firstStep: steps[0] ?? null,
  lastStep: steps.at(-1) ?? null,
  steps,
  checkpoints: [],
  metrics: {},
});

describe("planning a checkpoint delete", () => {
  it("sends every asked step while the checkpoints are still being read, and names none as missing", () => {
    expect(planDelete([3, 99], { stats: undefined, best: null })).toEqual({
      steps: [3, 99],
      missing: [],
      warnings: [],
    });
  });

  it("leaves out and names steps that do not exist, and says which step becomes the latest", () => {
    const plan = planDelete([7, 8, 99], {
      stats: stats([1, 4, 7, 8]),
      best: { step: 7, metric: "reward", value: 0.8125 },
    });
    expect(plan.steps).toEqual([7, 8]);
    expect(plan.missing).toEqual([99]);
    expect(plan.warnings).toEqual([
      "Step 7 is the best checkpoint by reward (0.8125): the next best becomes the one offered.",
      "Step 8 is the latest checkpoint: chat that names the model without a step will answer from step 4 instead.",
    ]);
  });

  it("words one step and several", () => {
    expect(describeDeletion([2], "support-sft")).toBe(
      "Step 2 of support-sft will be deleted from the training service.",
    );
    expect(describeDeletion([2, 3, 4, 9], "support-sft")).toBe(
      "Steps 2-4, 9 of support-sft will be deleted from the training service.",
    );
  });
});
