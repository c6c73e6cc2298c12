import { describe, expect, it } from "vitest";
import { alignedColumns, chartIndices, lowerBound, minMaxIndices, upperBound } from "./downsample";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("min/max downsampling", () => {
  it("keeps a short series whole", () => {
    expect(minMaxIndices([3, 1, 2], 0, 3, 10)).toEqual([0, 1, 2]);
  });

  it("keeps each bucket's extremes, the ends, ascending, and at most 3 points per bucket", () => {
    const n = 100_000;
    const ys = Float64Array.from(range(n), (i) => Math.sin(i / 500) + ((i * 7919) % 13) / 50);
    ys[54_321] = 10; // a spike must survive
    ys[7] = -10;
    const indices = minMaxIndices(ys, 0, n, 600);
    expect(indices.length).toBeLessThanOrEqual(600 * 3 + 1);
    expect(indices[0]).toBe(0);
    expect(indices.at(-1)).toBe(n - 1);
    expect(indices).toContain(54_321);
    expect(indices).toContain(7);
    for (let k = 1; k < indices.length; k += 1) expect(indices[k]!).toBeGreaterThan(indices[k - 1]!);
    // Every bucket's drawn range equals the data's range in that bucket.
    const drawn = indices.map((i) => ys[i]!);
    expect(Math.max(...drawn)).toBe(10);
    expect(Math.min(...drawn)).toBe(-10);
  });

  it("skips NaN when choosing extremes", () => {
    const ys = [Number.NaN, Number.NaN, 5, Number.NaN, 1, 9, Number.NaN, 2];
    const indices = minMaxIndices(ys, 0, ys.length, 1);
    expect(indices).toEqual([0, 4, 5, 7]);
  });

  it("zoomed: fine inside the range, coarse outside, one ascending list", () => {
    const n = 50_000;
    const xs = Float64Array.from(range(n), (i) => i + 1);
    const ys = Float64Array.from(range(n), (i) => Math.cos(i / 100));
    const whole = chartIndices(xs, ys, 400);
    const zoomed = chartIndices(xs, ys, 400, { min: 20_000, max: 20_500 });
    const inside = zoomed.filter((i) => xs[i]! >= 20_000 && xs[i]! <= 20_500);
    expect(inside.length).toBe(501); // 501 steps fit in 400 px x 2: all kept
    expect(whole.filter((i) => xs[i]! >= 20_000 && xs[i]! <= 20_500).length).toBeLessThan(20);
    for (let k = 1; k < zoomed.length; k += 1) expect(zoomed[k]!).toBeGreaterThan(zoomed[k - 1]!);
    expect(zoomed[0]).toBe(0);
    expect(zoomed.at(-1)).toBe(n - 1);
  });

  it("binary-searches x", () => {
    const xs = [1, 2, 2, 2, 5];
    expect(lowerBound(xs, 2)).toBe(1);
    expect(upperBound(xs, 2)).toBe(4);
    expect(lowerBound(xs, 0)).toBe(0);
    expect(upperBound(xs, 9)).toBe(5);
  });

  it("builds uPlot's aligned columns, with gaps for NaN", () => {
    expect(
      alignedColumns(
        [0, 2],
        [10, 20, 30],
        [
          [1, 2, Number.NaN],
          [4, 5, 6],
        ],
      ),
    ).toEqual([
      [10, 30],
      [1, null],
      [4, 6],
    ]);
  });
});
