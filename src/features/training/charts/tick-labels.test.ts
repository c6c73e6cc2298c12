import { describe, expect, it } from "vitest";
import { formatTicks } from "./tick-labels";

describe("a value axis' tick labels", () => {
  it("gives a constant learning rate's ticks enough digits to read (not a lone 0)", () => {
    expect(formatTicks([1.8e-5, 1.9e-5, 2e-5, 2.1e-5, 2.2e-5])).toEqual([
      "1.8e-5",
      "1.9e-5",
      "2e-5",
      "2.1e-5",
      "2.2e-5",
    ]);
    expect(formatTicks([1.85e-5, 2e-5, 2.15e-5])).toEqual(["1.85e-5", "2e-5", "2.15e-5"]);
  });

  it("gives each tick the fewest digits that give its value, and groups large values", () => {
    expect(formatTicks([0.5, 0.55, 0.6])).toEqual(["0.5", "0.55", "0.6"]);
    expect(formatTicks([-1, -0.5, 0, 0.5, 1])).toEqual(["-1", "-0.5", "0", "0.5", "1"]);
    expect(formatTicks([0.51231, 0.51232, 0.51233])).toEqual(["0.51231", "0.51232", "0.51233"]);
    expect(formatTicks([100_000, 150_000, 200_000])).toEqual(["100,000", "150,000", "200,000"]);
    expect(formatTicks([0.1 + 0.2, 0.6000000000000001])).toEqual(["0.3", "0.6"]);
  });
});
