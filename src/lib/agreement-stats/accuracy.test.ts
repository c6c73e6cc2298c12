import { describe, expect, it } from "vitest";
import { accuracy } from "./accuracy";

describe("accuracy", () => {
  // scikit-learn's accuracy_score example: y_pred = [0, 2, 1, 3], y_true = [0, 1, 2, 3] gives 0.5.
  it("gives scikit-learn's example: 2 of 4 the same → 0.5", () => {
    expect(accuracy([0, 2, 1, 3], [0, 1, 2, 3])).toBe(0.5);
  });

  it("compares answers by type and value, not identity", () => {
    expect(accuracy([1, "yes", true, { a: 1 }], ["1", "yes", "true", { a: 1 }])).toBe(0.5);
  });

  it("is 1 for perfect agreement and null with no pairs", () => {
    expect(accuracy(["a", "b"], ["a", "b"])).toBe(1);
    expect(accuracy([], [])).toBeNull();
  });

  it("refuses unpaired lists", () => {
    expect(() => accuracy([1, 2], [1])).toThrow(RangeError);
  });
});
