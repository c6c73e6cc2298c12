import { describe, expect, it } from "vitest";
import { countOf, formatCount, formatDuration, formatEta, ordinal } from "./number-format";

describe("app formatters", () => {
  it("uses st, nd, rd and th as English does, 11th to 13th included", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 102, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "102nd",
      "111th",
    ]);
  });

  it.each([
    [850, "850 ms"],
    [1234, "1.2 s"],
    [12_400, "12 s"],
    [185_000, "3 min 5 s"],
    // Rounding happens before the split: never "60 s" inside a minute.
    [59_600, "1 min 0 s"],
    [659_600, "11 min 0 s"],
    [2 * 3_600_000 + 4 * 60_000, "2 h 4 min"],
    [3 * 86_400_000 + 3_600_000, "3 d 1 h"],
  ])("formats %d ms as %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it("rounds an estimate to what it can promise", () => {
    expect([0, 44_600, 89_000, 3_600_000, 4_800_000].map(formatEta)).toEqual([
      "0 s",
      "45 s",
      "1 min",
      "1 h",
      "1 h 20 min",
    ]);
  });

  it("groups the digits of a count", () => {
    // Grouped in the reader's locale: "10,000", "10.000", "10 000"…, never "10000".
    expect(formatCount(10_000)).toMatch(/^10\D000$/u);
  });

  it("puts a count's noun in the right number", () => {
    expect(countOf(1, "group")).toBe("1 group");
    expect(countOf(2, "problem")).toBe("2 problems");
    expect(countOf(0, "entry", "entries")).toBe("0 entries");
  });
});
