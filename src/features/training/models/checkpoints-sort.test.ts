import { describe, expect, it } from "vitest";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { readUrlView, writeUrlView } from "@/lib/url-state/use-url-table";
import { CHECKPOINTS_URL_CODEC } from "./checkpoints-url-state";
import { nextMetricSort, parseMetricSort, sortCheckpointsByMetric } from "./checkpoints-sort";

const checkpoint = (step: number, metrics: Record<string, number>) => ({ id: `ckpt_${step}`, step, metrics });

describe("checkpoints sorted by a metric", () => {
  it("reads a metric and a direction, keeping the metric's own dots, and reports anything else", () => {
    const issues: UrlIssue[] = [];
    expect(parseMetricSort("reward.desc", issues)).toEqual({ metric: "reward", direction: "desc" });
    expect(parseMetricSort("eval.loss.asc", issues)).toEqual({ metric: "eval.loss", direction: "asc" });
    expect(parseMetricSort("", issues)).toBeNull();
    expect(issues).toEqual([]);
    expect(parseMetricSort("reward", issues)).toBeNull();
    expect(parseMetricSort(".asc", issues)).toBeNull();
    expect(parseMetricSort("reward.up", issues)).toBeNull();
    expect(issues.map((i) => i.value)).toEqual(["reward", ".asc", "reward.up"]);
  });

  it("keeps the sort in the URL beside the step order, and a plain address without it", () => {
    const { state } = readUrlView(CHECKPOINTS_URL_CODEC, new URLSearchParams("sort=kl_div.asc&limit=50"));
    expect(state.sort).toEqual({ metric: "kl_div", direction: "asc" });
    expect(writeUrlView(CHECKPOINTS_URL_CODEC, state).toString()).toBe("limit=50&sort=kl_div.asc");
    expect(writeUrlView(CHECKPOINTS_URL_CODEC, { ...state, sort: null }).toString()).toBe("limit=50");
  });

  it("starts with the better values on top and flips on a second click", () => {
    expect(nextMetricSort(null, "reward")).toEqual({ metric: "reward", direction: "desc" });
    expect(nextMetricSort({ metric: "reward", direction: "desc" }, "loss")).toEqual({
      metric: "loss",
      direction: "asc",
    });
    expect(nextMetricSort({ metric: "loss", direction: "asc" }, "loss")).toEqual({ metric: "loss", direction: "desc" });
  });

  it("sorts by value, equal values by step, and puts checkpoints without the metric last either way", () => {
    const all = [
      checkpoint(1, { reward: 0.2 }),
      checkpoint(2, {}),
      checkpoint(3, { reward: 0.9 }),
      checkpoint(4, { reward: 0.2 }),
      checkpoint(5, { reward: Number.NaN }),
    ];
    expect(sortCheckpointsByMetric(all, { metric: "reward", direction: "desc" }).map((c) => c.step)).toEqual([
      3, 1, 4, 2, 5,
    ]);
    expect(sortCheckpointsByMetric(all, { metric: "reward", direction: "asc" }).map((c) => c.step)).toEqual([
      1, 4, 3, 2, 5,
    ]);
    // The input is left as it was.
    expect(all.map((c) => c.step)).toEqual([1, 2, 3, 4, 5]);
  });
});
