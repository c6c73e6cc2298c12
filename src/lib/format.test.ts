import { describe, expect, it } from "vitest";
import { ordinal } from "./format";

describe("ordinal", () => {
  it("uses st, nd, rd and th as English does, 11th to 13th included", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 102, 111].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"]);
  });
});
