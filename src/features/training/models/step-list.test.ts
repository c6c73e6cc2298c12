import { describe, expect, it } from "vitest";
import { formatStepList, parseStepList } from "./step-list";
import { defaultDirection, orderMetrics } from "../metrics";

describe("step lists", () => {
  it("reads numbers and ranges, sorted and without repeats", () => {
    expect(parseStepList("9, 4 7-8\n4")).toEqual({ ok: true, steps: [4, 7, 8, 9] });
  });

  it("explains what it cannot read", () => {
    expect(parseStepList("4, x")).toMatchObject({ ok: false, error: "'x' is not a step number or a range like 4-9." });
    expect(parseStepList("9-4")).toMatchObject({ ok: false, error: expect.stringMatching(/backwards/) });
    expect(parseStepList(" ")).toMatchObject({ ok: false });
    expect(parseStepList("1-20000")).toMatchObject({ ok: false, error: expect.stringMatching(/more than 10,000/) });
  });

  it("writes steps back compactly", () => {
    expect(formatStepList([9, 3, 7, 8, 5])).toBe("3, 5, 7-9");
    expect(formatStepList([1, 2])).toBe("1, 2");
  });
});

describe("metric conventions", () => {
  it("knows which way is better", () => {
    expect(defaultDirection("reward")).toBe("higher");
    expect(defaultDirection("loss")).toBe("lower");
    expect(defaultDirection("policy_loss")).toBe("lower");
    expect(defaultDirection("kl_div")).toBe("lower");
    expect(defaultDirection("reward_std_dev")).toBe("lower");
    expect(defaultDirection("tokens_per_second")).toBe("higher");
  });

  it("puts reward and loss first and keeps the rest in order of appearance", () => {
    expect(orderMetrics(["zeta", "loss", "alpha", "reward", "kl_div"])).toEqual([
      "reward",
      "loss",
      "kl_div",
      "zeta",
      "alpha",
    ]);
  });
});
