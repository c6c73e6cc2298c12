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

  it("leaves out the time a job waited before its first step (queued behind another job)", () => {
    const meter = new StepRateMeter();
    // Polled every 1.5 s: 30 s queued at 0 steps, then 2 steps a second (120 a minute).
    for (let t = 0; t <= 30_000; t += 1_500) meter.record(t, 0);
    for (let t = 31_500; t <= 36_000; t += 1_500) meter.record(t, (t - 30_000) / 500);
    expect(meter.perMinute()).toBeCloseTo(120);
    // The ETA for the rest of an 80-step job follows: 70 steps at 2 a second.
    expect(etaMs(80 - 12, meter.perMinute())).toBeCloseTo(34_000);
  });

  it("leaves out an outage: the time no poll got through is not counted as the job's", () => {
    const meter = new StepRateMeter();
    for (let t = 0; t <= 15_000; t += 1_500) meter.record(t, 1 + t / 500);
    // 20 s without an answer (the service, and its runner with it, was down), then the job goes on at its pace.
    for (let t = 36_000; t <= 40_500; t += 1_500) meter.record(t, 31 + (t - 36_000) / 500);
    expect(meter.perMinute()).toBeCloseTo(120);
  });

  it("says nothing until it has seen the job step for long enough (a reload starts from the history, as a baseline)", () => {
    const meter = new StepRateMeter();
    meter.record(0, 400);
    meter.record(1_500, 403);
    expect(meter.perMinute()).toBeNull();
    meter.record(3_000, 406);
    expect(meter.perMinute()).toBeCloseTo(120);
  });

  it("gives an ETA only for a positive rate", () => {
    expect(etaMs(30, 60)).toBe(30_000);
    expect(etaMs(30, 0)).toBeNull();
    expect(etaMs(30, null)).toBeNull();
  });
});
