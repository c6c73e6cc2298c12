import { describe, expect, it } from "vitest";
import {
  buildSpec,
  draftFromSpec,
  EMPTY_DRAFT,
  objectIdFromName,
  objectIdProblem,
  questionOf,
  toFormMode,
  toRawMode,
  withQuestion,
  type SpecDraft,
} from "./spec-draft";
import { schemaOf, type Question } from "./spec-schema";

const draft = (patch: Partial<SpecDraft>): SpecDraft => ({ ...EMPTY_DRAFT, name: "Tone", objectId: "tone", ...patch });

describe("objectIdFromName", () => {
  it("makes an id the service accepts", () => {
    expect(objectIdFromName("Tone (1-5)")).toBe("tone_1-5");
    expect(objectIdFromName("  Résumé quality!  ")).toBe("resume_quality");
    // A name with no Latin letters still gets an id: stable for the name, different for another.
    expect(objectIdFromName("هل كان الرد مفيدا؟")).toMatch(/^question_[0-9a-z]+$/);
    expect(objectIdProblem(objectIdFromName("هل كان الرد مفيدا؟"))).toBeNull();
    expect(objectIdFromName("日本語")).toBe(objectIdFromName("日本語"));
    expect(objectIdFromName("日本語")).not.toBe(objectIdFromName("中文"));
    expect(objectIdFromName("   ")).toBe("");
    expect(objectIdFromName("x".repeat(300))).toHaveLength(128);
    expect(objectIdProblem(objectIdFromName("Did it follow the policy?"))).toBeNull();
  });

  it("names what the service refuses", () => {
    expect(objectIdProblem("")).toMatch(/Give the spec an id/);
    expect(objectIdProblem("has space")).toMatch(/no spaces/);
    expect(objectIdProblem("a/b")).toMatch(/Only letters/);
    expect(objectIdProblem("a".repeat(129))).toMatch(/At most 128/);
  });
});

describe("buildSpec", () => {
  it("builds the value obj/create takes", () => {
    const built = buildSpec(draft({ description: " How it sounds ", uniqueAmongCreators: false }));
    expect(built).toEqual({
      objectId: "tone",
      value: {
        name: "Tone",
        description: "How it sounds",
        field_schema: { type: "integer", minimum: 1, maximum: 5 },
        unique_among_creators: false,
        op_scope: null,
      },
    });
  });

  it("names every field that stops a save", () => {
    const built = buildSpec(draft({ name: "  ", objectId: "a b", kind: "categories", options: ["x", "x"] }));
    expect(built).toEqual({
      errors: {
        name: expect.stringMatching(/name/),
        objectId: expect.stringMatching(/no spaces/),
        options: expect.stringMatching(/twice/),
      },
    });
  });

  it("reads the typed numbers, and an empty required one is an error, not zero", () => {
    expect(buildSpec(draft({ ratingMin: "" }))).toEqual({ errors: { min: expect.stringMatching(/whole number/) } });
    expect(buildSpec(draft({ kind: "text", maxLength: "" }))).toMatchObject({
      value: { field_schema: { type: "string" } },
    });
  });

  it("keeps a stored spec's op_scope, which the form does not edit", () => {
    const edited = draftFromSpec("tone", {
      name: "Tone",
      description: "",
      fieldSchema: { type: "boolean" },
      uniqueAmongCreators: true,
      opScope: ["weave:///e/p/op/answer:abc"],
    });
    expect(buildSpec(edited)).toMatchObject({ value: { op_scope: ["weave:///e/p/op/answer:abc"] } });
  });
});

describe("switching between the form and raw JSON", () => {
  const questions: Question[] = [
    { kind: "categories", options: ["a", "b"] },
    { kind: "rating", min: 0, max: 4 },
    { kind: "number", integer: true, min: null, max: 100 },
    { kind: "boolean" },
    { kind: "text", maxLength: 20 },
  ];
  for (const question of questions) {
    it(`${question.kind}: form -> raw -> form keeps the question`, () => {
      const raw = toRawMode(withQuestion(draft({}), question));
      expect(JSON.parse(raw.rawSchema)).toEqual(schemaOf(question));
      const back = toFormMode(raw);
      expect("draft" in back && questionOf(back.draft)).toEqual(question);
    });
  }

  it("says why a raw schema cannot go back to the form, and keeps it", () => {
    const raw = draft({ mode: "raw", rawSchema: '{"type": "string", "pattern": "^[a-z]+$"}' });
    expect(toFormMode(raw)).toEqual({ why: expect.stringMatching(/“pattern”.*Keep editing it as JSON/) });
    expect(toFormMode(draft({ mode: "raw", rawSchema: "{nope" }))).toEqual({
      why: expect.stringMatching(/Not valid JSON/),
    });
  });

  it("checks raw JSON before saving", () => {
    expect(buildSpec(draft({ mode: "raw", rawSchema: "[1]" }))).toEqual({
      errors: { rawSchema: expect.stringMatching(/JSON object/) },
    });
    expect(buildSpec(draft({ mode: "raw", rawSchema: "" }))).toEqual({
      errors: { rawSchema: expect.stringMatching(/Type a JSON Schema/) },
    });
    expect(buildSpec(draft({ mode: "raw", rawSchema: '{"type":"object"}' }))).toMatchObject({
      value: { field_schema: { type: "object" } },
    });
  });

  it("opens a stored schema the form cannot show as raw JSON", () => {
    const edited = draftFromSpec("x", {
      name: "X",
      description: "",
      fieldSchema: { type: "string", format: "email" },
      uniqueAmongCreators: false,
      opScope: null,
    });
    expect(edited.mode).toBe("raw");
    expect(JSON.parse(edited.rawSchema)).toEqual({ type: "string", format: "email" });
  });
});

describe("required or optional", () => {
  it("a new question is required, and its schema carries no mark", () => {
    expect(EMPTY_DRAFT.required).toBe(true);
    expect(buildSpec(draft({ kind: "boolean" }))).toMatchObject({ value: { field_schema: { type: "boolean" } } });
    expect(JSON.stringify(buildSpec(draft({ kind: "boolean" })))).not.toContain("x-optional");
  });

  it("an optional question is marked in its field_schema, in the form and in raw JSON", () => {
    expect(buildSpec(draft({ kind: "text", maxLength: "500", required: false }))).toMatchObject({
      value: { field_schema: { type: "string", maxLength: 500, "x-optional": true } },
    });
    expect(
      buildSpec(draft({ mode: "raw", rawSchema: '{"type":"string","format":"email"}', required: false })),
    ).toMatchObject({
      value: { field_schema: { type: "string", format: "email", "x-optional": true } },
    });
  });

  it("opens a stored optional spec in the form with the choice set, the mark kept out of the JSON text", () => {
    const edited = draftFromSpec("comment", {
      name: "Comment",
      description: "",
      fieldSchema: { type: "string", maxLength: 500, "x-optional": true },
      uniqueAmongCreators: false,
      opScope: null,
    });
    expect(edited).toMatchObject({ mode: "form", kind: "text", maxLength: "500", required: false });
    expect(JSON.parse(toRawMode(edited).rawSchema)).toEqual({ type: "string", maxLength: 500 });
    const rawOnly = draftFromSpec("email", {
      name: "Email",
      description: "",
      fieldSchema: { type: "string", format: "email", "x-optional": true },
      uniqueAmongCreators: false,
      opScope: null,
    });
    expect(rawOnly).toMatchObject({ mode: "raw", required: false });
    expect(JSON.parse(rawOnly.rawSchema)).toEqual({ type: "string", format: "email" });
  });

  it("reads a spec made elsewhere (no mark, or anything but true) as required", () => {
    for (const fieldSchema of [
      { type: "boolean" },
      { type: "boolean", "x-optional": false },
      { type: "boolean", "x-optional": "true" },
    ]) {
      expect(
        draftFromSpec("x", { name: "X", description: "", fieldSchema, uniqueAmongCreators: false, opScope: null })
          .required,
      ).toBe(true);
    }
  });

  it("the mark typed into raw JSON is refused with where to set it instead, so the two cannot disagree", () => {
    const typed = draft({ mode: "raw", rawSchema: '{"type":"boolean","x-optional":true}' });
    expect(buildSpec(typed)).toEqual({
      errors: { rawSchema: expect.stringMatching(/“x-optional”.*Required or optional/) },
    });
    expect(toFormMode(typed)).toEqual({ why: expect.stringMatching(/“x-optional”/) });
  });
});
