import { describe, expect, it } from "vitest";
import { changedVerdicts } from "./changed-verdicts";

describe("changedVerdicts", () => {
  it("lists the calls whose verdict differs, in the first version's order", () => {
    const before = new Map<string, unknown>([
      ["q", 3],
      ["p", 4],
      ["r", "good"],
      ["s", { label: "a" }],
      ["only-before", 1],
    ]);
    const after = new Map<string, unknown>([
      ["p", 4],
      ["q", 2],
      ["r", "bad"],
      ["s", { label: "a" }],
      ["only-after", 1],
    ]);
    expect(changedVerdicts(before, after)).toEqual([
      { callId: "q", before: 3, after: 2 },
      { callId: "r", before: "good", after: "bad" },
    ]);
  });

  it("tells a number from its text", () => {
    expect(changedVerdicts(new Map([["a", 1]]), new Map([["a", "1"]]))).toEqual([
      { callId: "a", before: 1, after: "1" },
    ]);
  });
});
