import { describe, expect, it } from "vitest";
import { keyedValues, specKind, typedProblem } from "./spec-kind";

describe("the control a spec gets", () => {
  it("reads the kind from the schema", () => {
    expect(specKind({ type: "string", enum: ["a", "b"] })).toEqual({ kind: "choice", options: ["a", "b"] });
    expect(specKind({ type: "integer", minimum: 1, maximum: 5 })).toEqual({ kind: "rating", min: 1, max: 5 });
    expect(specKind({ type: "integer", minimum: 0, maximum: 10 })).toEqual({ kind: "rating", min: 0, max: 10 });
    expect(specKind({ type: "integer", minimum: 0, maximum: 100 })).toEqual({
      kind: "number",
      integer: true,
      min: 0,
      max: 100,
    });
    expect(specKind({ type: "number", exclusiveMinimum: 0 })).toEqual({
      kind: "number",
      integer: false,
      min: 0,
      max: null,
    });
    expect(specKind({ type: "boolean" })).toEqual({ kind: "boolean" });
    expect(specKind({ type: "string", maxLength: 500 })).toEqual({ kind: "text", maxLength: 500 });
    expect(specKind({ type: "object" }).kind).toBe("unsupported");
    expect(specKind({}).kind).toBe("unsupported");
  });

  it("maps the number keys onto choices, ratings and Yes/No, at most nine", () => {
    expect(keyedValues(specKind({ type: "integer", minimum: 0, maximum: 10 }))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(keyedValues({ kind: "boolean" })).toEqual([true, false]);
    expect(keyedValues({ kind: "text", maxLength: null })).toEqual([]);
  });

  it("checks typed answers against their bounds", () => {
    const score = specKind({ type: "integer", minimum: 0, maximum: 100 });
    expect(typedProblem(score, 50)).toBeNull();
    expect(typedProblem(score, 2.5)).toBe("Type a whole number.");
    expect(typedProblem(score, 101)).toBe("At most 100.");
    expect(typedProblem(specKind({ type: "string", maxLength: 3 }), "abcd")).toBe("At most 3 characters (1 over).");
  });
});
