import { describe, expect, it } from "vitest";
import { etaMs, StepRateMeter } from "./step-rate";

describe("StepRateMeter", () => {
  it("measures steps per minute from arrival times once enough time has passed", () => {
    const meter = new StepRateMeter(60_000, 2_500);
    meter.record(0, 100); // the history read on opening: a baseline, not a rate
    expect(meter.perMinute()).toBeNull();
    meter.record(1_500, 115);
    expect(meter.perMinute()).toBeNull();
    meter.record(3_000, 130);
    expect(meter.perMinute()).toBeCloseTo(600);
  });

  it("follows the current pace within its window", () => {
    const meter = new StepRateMeter(10_000, 1_000);
    for (let t = 0; t <= 30_000; t += 1_000) meter.record(t, t < 20_000 ? t / 100 : 200 + (t - 20_000) / 1_000);
    expect(meter.perMinute()).toBeCloseTo(60, 0);
  });

  it("starts over when the count goes backwards", () => {
    const meter = new StepRateMeter(60_000, 1_000);
    meter.record(0, 10);
    meter.record(5_000, 20);
    meter.record(6_000, 0);
    expect(meter.perMinute()).toBeNull();
  });

  it("gives an ETA only for a positive rate", () => {
    expect(etaMs(30, 60)).toBe(30_000);
    expect(etaMs(30, 0)).toBeNull();
    expect(etaMs(30, null)).toBeNull();
  });
});
