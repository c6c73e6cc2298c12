import { describe, expect, it } from "vitest";
import { assertPaired, valueKey } from "./value-key";

describe("valueKey", () => {
  it("tells apart answers of different types that print alike", () => {
    const keys = [1, "1", true, "true", null, "null", undefined, Number.NaN, Infinity].map(valueKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives equal objects read separately one key (never identity)", () => {
    expect(valueKey({ a: [1, 2] })).toBe(valueKey(JSON.parse('{"a":[1,2]}')));
    expect(valueKey('a"b')).toBe(valueKey(`a"b`));
    expect(valueKey("x")).not.toBe(valueKey("y"));
    expect(valueKey({ a: 1 })).not.toBe(valueKey('{"a":1}'));
  });

  it("makes NaN one answer and -0 the same as 0, as JSON and a Map do", () => {
    expect(valueKey(Number.NaN)).toBe(valueKey(Number.NaN));
    expect(valueKey(-0)).toBe(valueKey(0));
  });

  it("refuses lists of different lengths", () => {
    expect(() => assertPaired([1], [])).toThrow(/differ in length: 1 and 0/);
    expect(() => assertPaired([], [])).not.toThrow();
  });
});
