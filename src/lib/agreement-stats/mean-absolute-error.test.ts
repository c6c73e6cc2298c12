import { describe, expect, it } from "vitest";
import { meanAbsoluteError } from "./mean-absolute-error";

describe("mean absolute error", () => {
  // scikit-learn's mean_absolute_error example: y_true = [3, -0.5, 2, 7], y_pred = [2.5, 0.0, 2, 8] gives 0.5.
  it("gives scikit-learn's example: (0.5 + 0.5 + 0 + 1) / 4 = 0.5", () => {
    expect(meanAbsoluteError([3, -0.5, 2, 7], [2.5, 0, 2, 8])).toBe(0.5);
  });

  it("is 0 for perfect agreement and null with no pairs", () => {
    expect(meanAbsoluteError([1, 5], [1, 5])).toBe(0);
    expect(meanAbsoluteError([], [])).toBeNull();
  });

  it("leaves out pairs that are not two finite numbers, so NaN never comes out", () => {
    expect(meanAbsoluteError([1, Number.NaN, "3", 4], [2, 1, 3, 4])).toBe(0.5);
    expect(meanAbsoluteError([Number.NaN], [Infinity])).toBeNull();
    expect(meanAbsoluteError([Number.MAX_VALUE], [-Number.MAX_VALUE])).toBeNull();
  });
});
