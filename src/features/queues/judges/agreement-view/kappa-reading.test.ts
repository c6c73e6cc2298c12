import { describe, expect, it } from "vitest";
import { heldOutSample } from "./held-out-sample";
import { formatChange, kappaReading } from "./kappa-reading";

describe("kappaReading (Landis & Koch)", () => {
  it("names each band, its upper bound included", () => {
    expect([-0.1, 0, 0.2, 0.21, 0.4, 0.6, 0.8, 0.81, 1].map((kappa) => kappaReading(kappa, 50))).toEqual([
      "poor (worse than chance) agreement",
      "slight agreement",
      "slight agreement",
      "fair agreement",
      "fair agreement",
      "moderate agreement",
      "substantial agreement",
      "almost perfect agreement",
      "almost perfect agreement",
    ]);
  });
  it("says when n is under 20, or there is nothing to read", () => {
    expect(kappaReading(0.7, 19)).toBe("substantial agreement; n too small (under 20)");
    expect(kappaReading(0.7, 20)).toBe("substantial agreement");
    expect(kappaReading(null, 0)).toBe("no shared calls");
    expect(kappaReading(null, 30)).toBe("undefined (one answer throughout)");
  });
  it("signs a change, in points for shares", () => {
    expect(formatChange(0.5, 0.625)).toBe("+0.13");
    expect(formatChange(0.6, 0.5, true)).toBe("−10 pts");
    expect(formatChange(null, 0.5)).toBe("–");
  });
});

describe("heldOutSample", () => {
  const callIds = Array.from({ length: 40 }, (_, index) => `call-${index}`);
  const answers = new Map(
    callIds
      .filter((_, index) => index % 2 === 0)
      .map((callId) => [callId, { tone: [{ id: callId, by: "u", value: 3, at: "" }] }]),
  );
  const source = { callIds, answers };
  it("draws answered calls outside the excluded ones, the same every time", () => {
    const excluded = new Set(["call-0", "call-2"]);
    const sample = heldOutSample(source, { id: "judge-a", specId: "tone" }, excluded, 5);
    expect(sample).toHaveLength(5);
    for (const callId of sample) {
      expect(excluded.has(callId)).toBe(false);
      expect(answers.has(callId)).toBe(true);
    }
    expect(heldOutSample(source, { id: "judge-a", specId: "tone" }, excluded, 5)).toEqual(sample);
    expect(heldOutSample(source, { id: "judge-a", specId: "tone" }, excluded, 100)).toHaveLength(18);
  });
  it("bounds the size", () => {
    expect(heldOutSample(source, { id: "judge-a", specId: "tone" }, new Set(), -3)).toEqual([]);
  });
});
