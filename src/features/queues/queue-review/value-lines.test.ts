import { describe, expect, it } from "vitest";
import { allLines, jsonLines, lineOfRow, rowStarts, textLines } from "./value-lines";

/** `{"a": {"a": … {"a": 1}}}`, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe("jsonLines", () => {
  it("prints what JSON.stringify prints with two-space indentation", () => {
    const value = {
      question: "Où est ma commande ?",
      messages: [{ role: "user", content: "hi" }, []],
      empty: {},
      n: 1.5,
      no: null,
      yes: true,
    };
    expect(allLines(jsonLines(value)).join("\n")).toBe(JSON.stringify(value, null, 2));
    expect(allLines(jsonLines("text"))).toEqual(['"text"']);
  });

  it("prints 100,000 levels of nesting, which JSON.stringify cannot, without recursing", () => {
    const deep = nested(100_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const lines = allLines(jsonLines(deep));
    expect(lines).toHaveLength(200_001);
    expect(lines[100_000]).toMatch(/^ +"a": 1$/);
    // Indentation stops growing: no line is wider than 40 levels' worth.
    expect(Math.max(...lines.slice(0, 1000).map((l) => l.length))).toBeLessThan(100);
  });

  it("stops at its deadline and goes on where it stopped", () => {
    const value = Array.from({ length: 50_000 }, (_, i) => i);
    const source = jsonLines(value);
    const lines: string[] = [];
    expect(source.extend(lines, 0)).toBe(false);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(50_002);
    while (!source.extend(lines, Number.POSITIVE_INFINITY));
    expect(lines.join("\n")).toBe(JSON.stringify(value, null, 2));
  });
});

describe("textLines and rows", () => {
  it("splits text at line breaks, in slices", () => {
    expect(allLines(textLines("a\nb\n\nc"))).toEqual(["a", "b", "", "c"]);
    expect(allLines(textLines(""))).toEqual([""]);
  });

  it("wraps long lines into rows and finds the line of any row", () => {
    const lines = ["abc", "", "x".repeat(250)];
    const starts = rowStarts(lines, 100);
    expect(Array.from(starts)).toEqual([0, 1, 2, 5]);
    expect([0, 1, 2, 3, 4].map((row) => lineOfRow(starts, row))).toEqual([0, 1, 2, 2, 2]);
  });
});
