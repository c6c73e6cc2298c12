import { describe, expect, it } from "vitest";
import { isOptional, specKind } from "@/features/queues";
import { measureOf } from "@/features/queues/insights/spec-levels";
import { defaultMapping } from "@/features/train-from-queue/trajectories/reward-mapping";
import { describeSchema, questionFromSchema, questionProblems, schemaOf, type Question } from "./spec-schema";

/** One question of every kind the form builds, with the control the review must pick for it. */
const EVERY_KIND: { question: Question; review: ReturnType<typeof specKind>; words: string }[] = [
  {
    question: { kind: "categories", options: ["Resolved", "Partly", "Not resolved"] },
    review: { kind: "choice", options: ["Resolved", "Partly", "Not resolved"] },
    words: "Categories: Resolved, Partly, Not resolved",
  },
  { question: { kind: "rating", min: 1, max: 5 }, review: { kind: "rating", min: 1, max: 5 }, words: "Rating 1-5" },
  { question: { kind: "rating", min: 0, max: 10 }, review: { kind: "rating", min: 0, max: 10 }, words: "Rating 0-10" },
  {
    question: { kind: "number", integer: false, min: 0, max: 1 },
    review: { kind: "number", integer: false, min: 0, max: 1 },
    words: "Number 0-1",
  },
  {
    question: { kind: "number", integer: false, min: null, max: null },
    review: { kind: "number", integer: false, min: null, max: null },
    words: "Number",
  },
  {
    question: { kind: "number", integer: true, min: 0, max: 1000 },
    review: { kind: "number", integer: true, min: 0, max: 1000 },
    words: "Whole number 0-1000",
  },
  {
    question: { kind: "number", integer: false, min: -2.5, max: null },
    review: { kind: "number", integer: false, min: -2.5, max: null },
    words: "Number at least -2.5",
  },
  { question: { kind: "boolean" }, review: { kind: "boolean" }, words: "Yes/no" },
  {
    question: { kind: "text", maxLength: 500 },
    review: { kind: "text", maxLength: 500 },
    words: "Text up to 500 chars",
  },
  { question: { kind: "text", maxLength: null }, review: { kind: "text", maxLength: null }, words: "Text" },
];

describe("the optional mark in a schema changes only whether Complete waits", () => {
  for (const { question, review, words } of EVERY_KIND) {
    it(`${words}, optional: the same control, the same reward and agreement measure, the words say optional`, () => {
      const schema = schemaOf(question);
      const marked = { ...schema, "x-optional": true };
      expect(isOptional(marked)).toBe(true);
      expect(isOptional(schema)).toBe(false);
      expect(specKind(marked)).toEqual(review);
      expect(describeSchema(marked)).toBe(`${words}, optional`);
      expect(defaultMapping({ fieldSchema: marked })).toEqual(defaultMapping({ fieldSchema: schema }));
      expect(measureOf(marked)).toEqual(measureOf(schema));
    });
  }
});

describe("the spec schema builder and the review agree", () => {
  for (const { question, review, words } of EVERY_KIND) {
    it(`${words}: form -> schema -> review control, and schema -> form again`, () => {
      expect(questionProblems(question)).toEqual({});
      const schema = schemaOf(question);
      expect(specKind(schema)).toEqual(review);
      expect(questionFromSchema(schema)).toEqual({ question });
      expect(describeSchema(schema)).toBe(words);
      // What is stored is JSON: the round trip holds through text too.
      expect(questionFromSchema(JSON.parse(JSON.stringify(schema)) as Record<string, unknown>)).toEqual({ question });
    });
  }

  it("reads the demo's stored shapes (the contract's examples) into the form", () => {
    expect(questionFromSchema({ type: "integer", minimum: 1, maximum: 5 })).toEqual({
      question: { kind: "rating", min: 1, max: 5 },
    });
    expect(questionFromSchema({ type: "string", enum: ["a", "b"] })).toEqual({
      question: { kind: "categories", options: ["a", "b"] },
    });
    expect(questionFromSchema({ type: "boolean" })).toEqual({ question: { kind: "boolean" } });
    expect(questionFromSchema({ type: "string", maxLength: 500 })).toEqual({
      question: { kind: "text", maxLength: 500 },
    });
  });

  it("trims categories as it builds them", () => {
    expect(schemaOf({ kind: "categories", options: [" a ", "b"] })).toEqual({ type: "string", enum: ["a", "b"] });
  });
});

describe("questionProblems", () => {
  it("refuses bad rating ranges", () => {
    expect(questionProblems({ kind: "rating", min: 5, max: 1 }).max).toMatch(/above the lowest/);
    expect(questionProblems({ kind: "rating", min: 3, max: 3 }).max).toMatch(/above the lowest/);
    expect(questionProblems({ kind: "rating", min: 1, max: 12 }).max).toMatch(/At most 11 ratings/);
    expect(questionProblems({ kind: "rating", min: 1.5, max: 5 }).min).toMatch(/whole number/);
    expect(questionProblems({ kind: "rating", min: Number.NaN, max: 5 }).min).toMatch(/whole number/);
  });

  it("refuses bad number ranges, and a whole-number range the review would show as a rating", () => {
    expect(questionProblems({ kind: "number", integer: false, min: 2, max: 1 }).max).toMatch(/at least the lowest/);
    expect(questionProblems({ kind: "number", integer: false, min: Number.NaN, max: null }).min).toMatch(
      /Type a number/,
    );
    expect(questionProblems({ kind: "number", integer: true, min: 0.5, max: null }).min).toMatch(/whole number/);
    expect(questionProblems({ kind: "number", integer: true, min: 1, max: 5 }).max).toMatch(/choose Rating/);
  });

  it("refuses empty, duplicate and missing categories", () => {
    expect(questionProblems({ kind: "categories", options: [] }).options).toBe("Add at least one category.");
    expect(questionProblems({ kind: "categories", options: ["a", " "] }).options).toBe("Category 2 is empty.");
    expect(questionProblems({ kind: "categories", options: ["a", "b", "a "] }).options).toMatch(/“a” is listed twice/);
    expect(
      questionProblems({ kind: "categories", options: Array.from({ length: 51 }, (_, i) => `o${i}`) }).options,
    ).toMatch(/At most 50/);
  });

  it("refuses a text length that is not a positive whole number", () => {
    expect(questionProblems({ kind: "text", maxLength: 0 }).maxLength).toMatch(/from 1/);
    expect(questionProblems({ kind: "text", maxLength: 2.5 }).maxLength).toMatch(/from 1/);
  });
});

describe("questionFromSchema says why the form cannot show a schema", () => {
  it.each([
    [{ type: "string", pattern: "^a" }, /“pattern”/],
    [{ type: "integer", exclusiveMinimum: 0, maximum: 5 }, /exclusive bounds|“exclusiveMinimum”/],
    [{ enum: [1, 2, 3] }, /not all text/],
    [{ type: "string", enum: ["a", { b: 1 }] }, /not all text/],
    [{ type: "object" }, /review cannot answer it/],
    [{ type: "integer", minimum: 1, maximum: 5, title: "x" }, /“title”/],
  ])("%j", (schema, why) => {
    const read = questionFromSchema(schema as Record<string, unknown>);
    expect("why" in read ? read.why : "").toMatch(why);
  });
});
