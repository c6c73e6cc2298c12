import { describe, expect, it } from "vitest";
import { clampSmoothing, EmaSeries, emaSmooth } from "./smoothing";

describe("EMA smoothing", () => {
  it("returns the data unchanged at weight 0", () => {
    expect([...emaSmooth([1, 5, 2, 8], 0)]).toEqual([1, 5, 2, 8]);
  });

  it("starts where the data starts (debiased) and lags behind changes", () => {
    const smoothed = emaSmooth([10, 10, 10, 0, 0], 0.9);
    expect(smoothed[0]).toBeCloseTo(10);
    expect(smoothed[2]).toBeCloseTo(10);
    expect(smoothed[3]!).toBeGreaterThan(5);
    expect(smoothed[4]!).toBeLessThan(smoothed[3]!);
  });

  it("matches the textbook formula", () => {
    const w = 0.6;
    const values = [0.2, 0.8, 0.4, 0.9];
    let last = 0;
    const expected = values.map((v, i) => {
      last = last * w + (1 - w) * v;
      return last / (1 - w ** (i + 1));
    });
    const actual = emaSmooth(values, w);
    expected.forEach((v, i) => expect(actual[i]).toBeCloseTo(v, 12));
  });

  it("extends incrementally to the same result as smoothing everything at once", () => {
    const values = Array.from({ length: 1000 }, (_, i) => Math.sin(i / 10) + (i % 7) / 10);
    const series = new EmaSeries(0.8);
    series.extend(values.slice(0, 333));
    series.extend(values.slice(0, 700));
    const incremental = series.extend(values);
    expect([...incremental]).toEqual([...emaSmooth(values, 0.8)]);
  });

  it("leaves gaps as gaps without moving the average", () => {
    const smoothed = emaSmooth([1, Number.NaN, 1], 0.5);
    expect(smoothed[1]).toBeNaN();
    expect(smoothed[2]).toBeCloseTo(1);
  });

  it("rejects a weight outside [0, 1) and clamps user input to the slider's range", () => {
    expect(() => new EmaSeries(1)).toThrow(RangeError);
    expect(clampSmoothing(2)).toBe(0.99);
    expect(clampSmoothing(-1)).toBe(0);
    expect(clampSmoothing(Number.NaN)).toBe(0.6);
  });
});
