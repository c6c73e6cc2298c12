import { describe, expect, it } from "vitest";
import { averageRanks, spearmanRho } from "./spearman-rho";

describe("Spearman's rho", () => {
  // Wikipedia, "Spearman's rank correlation coefficient", Example: IQ against hours of TV per week
  // for ten people, no ties, Σd² = 194: rho = 1 - 6·194 / (10·99) = -29/165 ≈ -0.1758.
  it("gives Wikipedia's IQ / television example: -29/165", () => {
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    expect(spearmanRho(iq, tv)).toBeCloseTo(-29 / 165, 12);
  });

  // SciPy's spearmanr docstring: spearmanr([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) = 0.8207826816681233.
  // By hand: the 7s share ranks 3 and 4 (3.5 each); deviations from the mean rank 3 are
  // (-2, -1, 0, 1, 2) and (-2, -1, 0.5, 2, 0.5): 8 / √(10 · 9.5) = 8 / √95.
  it("gives SciPy's example with a tie: 8 / √95 ≈ 0.8208", () => {
    expect(spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(8 / Math.sqrt(95), 12);
    expect(spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 12);
  });

  it("is 1 and -1 for a perfect order either way, and unchanged by a monotone rescaling", () => {
    expect(spearmanRho([1, 2, 3], [10, 20, 30])).toBe(1);
    expect(spearmanRho([1, 2, 3], [3, 2, 1])).toBe(-1);
    expect(spearmanRho([1, 2, 3, 4], [1, 4, 9, 1000])).toBe(1);
  });

  it("is null with fewer than two pairs or a constant side (it has no order)", () => {
    expect(spearmanRho([], [])).toBeNull();
    expect(spearmanRho([1], [1])).toBeNull();
    expect(spearmanRho([3, 3, 3], [1, 2, 3])).toBeNull();
    expect(spearmanRho([1, 2, 3], [4, 4, 4])).toBeNull();
  });

  it("leaves out pairs that are not two finite numbers", () => {
    expect(spearmanRho([1, Number.NaN, 2, 3], [1, 5, 2, 3])).toBe(1);
    expect(spearmanRho([1, Number.NaN], [1, 2])).toBeNull();
  });
});

describe("average ranks", () => {
  it("shares the mean rank among ties", () => {
    expect([...averageRanks([10, 20, 20, 5, 20])]).toEqual([2, 4, 4, 1, 4]);
    expect([...averageRanks([])]).toEqual([]);
  });
});
