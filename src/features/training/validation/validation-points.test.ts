import { describe, expect, it } from "vitest";
import { byJobStep, validationForJob } from "./validation-points";

const log = (id: number, step: number, metrics: Record<string, number>) => ({
  id,
  step,
  split: "val",
  metrics,
  created_at: "2026-01-01T00:00:00Z",
});

describe("validationForJob", () => {
  const logs = [
    log(1, 0, { reward: 0.1 }),
    log(2, 4, { reward: 0.5, correct: 1 }),
    log(3, 8, { reward: 0.7 }),
    log(4, 2, { reward: 0.3 }),
  ];

  it("keeps the logs from the step before the job's first to its last, by metric, in step order", () => {
    const points = validationForJob(logs, { firstStep: 1, lastStep: 4, running: false });
    expect(points.get("reward")).toEqual({ steps: [0, 2, 4], values: [0.1, 0.3, 0.5] });
    expect(points.get("correct")).toEqual({ steps: [4], values: [1] });
  });

  it("takes later logs while the job runs, and none before its first step is known", () => {
    expect(validationForJob(logs, { firstStep: 5, lastStep: 6, running: true }).get("reward")).toEqual({
      steps: [4, 8],
      values: [0.5, 0.7],
    });
    expect(validationForJob(logs, { firstStep: null, lastStep: null, running: true }).size).toBe(0);
  });
});

describe("byJobStep", () => {
  it("numbers a job's validation by its own steps, the baseline before its first step being 0", () => {
    const points = new Map([["reward", { steps: [40, 41, 45], values: [0.1, 0.2, 0.3] }]]);
    expect(byJobStep(points, 41).get("reward")).toEqual({ steps: [0, 1, 5], values: [0.1, 0.2, 0.3] });
    expect(byJobStep(points, null).size).toBe(0);
  });
});
