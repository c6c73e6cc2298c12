import { describe, expect, it } from "vitest";
import { alignWithValidation } from "./validation-series";

describe("alignWithValidation", () => {
  const xs = Float64Array.from([1, 2, 3, 4, 5]);
  const raw = Float64Array.from([0.1, 0.2, 0.3, 0.4, 0.5]);

  it("draws each validation step's row even when decimation left it out, and a step before training on its own x", () => {
    expect(alignWithValidation([0, 4], xs, [raw], { steps: [0, 3], values: [0.05, 0.33] })).toEqual([
      [0, 1, 3, 5],
      [null, 0.1, 0.3, 0.5],
      [0.05, null, 0.33, null],
    ]);
  });

  it("keeps the latest value of a step logged twice and leaves a training chart without validation as it was", () => {
    expect(alignWithValidation([0, 1], xs, [raw], { steps: [2, 2], values: [0.7, 0.9] })[2]).toEqual([null, 0.9]);
    expect(alignWithValidation([0, 1, 2], xs, [raw], { steps: [], values: [] })).toEqual([
      [1, 2, 3],
      [0.1, 0.2, 0.3],
      [null, null, null],
    ]);
  });
});
