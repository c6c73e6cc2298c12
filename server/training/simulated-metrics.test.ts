import { describe, expect, it } from "vitest";
import { simulatedRlMetrics, simulatedSftMetrics } from "./simulated-metrics";

const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("simulated metrics", () => {
  it("are the same for the same job and step (so a resumed job continues the same curve)", () => {
    expect(simulatedRlMetrics("job_a", 3, 10)).toEqual(simulatedRlMetrics("job_a", 3, 10));
    expect(simulatedRlMetrics("job_a", 3, 10)).not.toEqual(simulatedRlMetrics("job_b", 3, 10));
  });

  it("decay over a job and stay in plausible ranges", () => {
    const steps = 50;
    const rl = Array.from({ length: steps }, (_, i) => simulatedRlMetrics("job_x", i, steps));
    const sft = Array.from({ length: steps }, (_, i) => simulatedSftMetrics("job_x", i, steps));
    expect(avg(sft.slice(0, 10).map((m) => m.loss!))).toBeGreaterThan(avg(sft.slice(-10).map((m) => m.loss!)));
    expect(avg(rl.slice(0, 10).map((m) => m.grad_norm!))).toBeGreaterThan(avg(rl.slice(-10).map((m) => m.grad_norm!)));
    for (const m of [...rl, ...sft]) {
      expect(m.grad_norm).toBeGreaterThan(0);
      expect(m.tokens_per_second).toBeGreaterThan(0);
    }
    for (const m of rl) {
      expect(m.kl_div).toBeGreaterThan(0);
      expect(m.entropy).toBeGreaterThan(0);
    }
    for (const m of sft) expect(m.loss).toBeGreaterThan(0);
  });
});
