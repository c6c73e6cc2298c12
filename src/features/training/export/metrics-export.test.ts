import { describe, expect, it } from "vitest";
import { metricsCsv, metricsFileName, metricsJson, metricUnion, type JobMetrics } from "./metrics-export";

function job(jobId: string, steps: number[], metrics: Record<string, number[]>): JobMetrics {
  return {
    jobId,
    steps: Float64Array.from(steps),
    metricNames: Object.keys(metrics),
    column: (name) => Float64Array.from(metrics[name] ?? []),
  };
}

describe("metrics export", () => {
  const a = job("job_a", [81, 82], { loss: [0.5, 0.4], reward: [0.1, Number.NaN] });
  const b = job("=evil", [1], { reward: [0.9], kl_div: [0.01] });

  it("writes one CSV row per job and step, reward first, empty cells for missing values", () => {
    expect(metricsCsv([a, b]).split("\r\n")).toEqual([
      "job_id,job_step,model_step,reward,loss,kl_div",
      "job_a,1,81,0.1,0.5,",
      "job_a,2,82,,0.4,",
      // A cell a spreadsheet would run as a formula stays text.
      "'=evil,1,1,0.9,,0.01",
      "",
    ]);
  });

  it("writes JSON by columns with the facts and null for missing values", () => {
    const parsed = JSON.parse(
      metricsJson(
        [{ ...a, facts: [{ key: "base_model", label: "Base model", value: "Qwen" }] }],
        new Date("2026-01-02T00:00:00Z"),
      ),
    ) as unknown;
    expect(parsed).toEqual({
      format: "wbops.training-metrics",
      version: 1,
      exported_at: "2026-01-02T00:00:00.000Z",
      jobs: [
        {
          job_id: "job_a",
          facts: { base_model: "Qwen" },
          model_steps: [81, 82],
          metrics: { reward: [0.1, null], loss: [0.5, 0.4] },
        },
      ],
    });
  });

  it("names files safely and orders the union of metrics", () => {
    expect(metricsFileName(["job/../a b"], "csv")).toBe("training-metrics-job_.._a_b.csv");
    expect(metricsFileName(["a", "b", "c"], "json")).toBe("training-metrics-3-jobs.json");
    expect(metricUnion([a, b])).toEqual(["reward", "loss", "kl_div"]);
  });
});
