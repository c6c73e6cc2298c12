import { describe, expect, it } from "vitest";
import { majority, median } from "./majority";

describe("majority", () => {
  it("is the most common value and its count", () => {
    expect(majority(["good", "bad", "good"])).toEqual({ value: "good", count: 2 });
    expect(majority([4, 4, 5, 3, 4])).toEqual({ value: 4, count: 3 });
    expect(majority([true])).toEqual({ value: true, count: 1 });
  });

  it("is null for no values and for a tie at the top", () => {
    expect(majority([])).toBeNull();
    expect(majority(["a", "b"])).toBeNull();
    expect(majority([1, 2, 3])).toBeNull();
    expect(majority(["a", "a", "b", "b", "c"])).toBeNull();
  });

  it("counts equal values by type and content, not identity", () => {
    expect(majority([{ x: 1 }, { x: 1 }, { x: 2 }])).toEqual({ value: { x: 1 }, count: 2 });
    expect(majority([1, "1", 1])).toEqual({ value: 1, count: 2 });
    expect(majority([1, "1"])).toBeNull();
  });
});

describe("median", () => {
  it("is the middle value, or the mean of the middle two", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("ignores what is not a finite number, and is null when nothing is left", () => {
    expect(median([1, Number.NaN, "9", 3, null])).toBe(2);
    expect(median([])).toBeNull();
    expect(median([Number.NaN, Infinity])).toBeNull();
    expect(median([Number.MAX_VALUE, Number.MAX_VALUE])).toBe(Number.MAX_VALUE);
  });
});
