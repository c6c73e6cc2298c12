import { describe, expect, it } from "vitest";
import { compareValues, confusionMatrix } from "./confusion-matrix";

describe("confusion matrix", () => {
  // scikit-learn's confusion_matrix example: y_true = [2, 0, 2, 2, 0, 1], y_pred = [0, 0, 2, 2, 0, 2]
  // gives [[2, 0, 0], [0, 0, 1], [1, 0, 2]] (rows: the first list's values).
  it("gives scikit-learn's example", () => {
    expect(confusionMatrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2])).toEqual({
      values: [0, 1, 2],
      counts: [
        [2, 0, 0],
        [0, 0, 1],
        [1, 0, 2],
      ],
    });
  });

  it("gives scikit-learn's example with texts, labels ant, bird, cat", () => {
    const truth = ["cat", "ant", "cat", "cat", "ant", "bird"];
    const predicted = ["ant", "ant", "cat", "cat", "ant", "cat"];
    expect(confusionMatrix(truth, predicted).counts).toEqual([
      [2, 0, 0],
      [0, 0, 1],
      [1, 0, 2],
    ]);
  });

  it("puts the given order first (an option nobody chose keeps its row), then the rest in a stable order", () => {
    const result = confusionMatrix(["b", 3, true, "a"], ["b", 1, false, "a"], ["maybe", "b"]);
    expect(result.values).toEqual(["maybe", "b", false, true, 1, 3, "a"]);
    expect(result.counts[0]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(result.counts.flat().reduce((sum, count) => sum + count, 0)).toBe(4);
    // The same pairs in another order give the same matrix.
    const shuffled = confusionMatrix(["a", true, 3, "b"], ["a", false, 1, "b"], ["maybe", "b"]);
    expect(shuffled).toEqual(result);
  });

  it("is empty with no pairs", () => {
    expect(confusionMatrix([], [])).toEqual({ values: [], counts: [] });
  });
});

describe("compareValues", () => {
  it("orders no before yes, numbers by size, then texts", () => {
    expect([10, "b", true, 2, "a", false].sort(compareValues)).toEqual([false, true, 2, 10, "a", "b"]);
  });
});
