import { LIMITS } from "@contract/limits";
import { OBJECT_ID_PATTERN } from "@contract/trace-objects";
import { isOptional, OPTIONAL_KEYWORD, specKind } from "@/features/queues";
import { questionFromSchema, questionProblems, schemaOf, type Question, type QuestionKind } from "./spec-schema";

/**
 * What the spec form holds while someone types: text as typed (so "1." or "" are kept, not lost
 * to a number conversion), every kind's inputs at once (switching kinds and back keeps them), and
 * the raw JSON text when the expert view is on. `buildSpec` turns it into the value to save or
 * into one message per field.
 */
export type SpecDraft = {
  name: string;
  objectId: string;
  /** False while the object id follows the name (a new spec whose id nobody has typed). */
  objectIdTouched: boolean;
  description: string;
  uniqueAmongCreators: boolean;
  /**
   * Whether Complete waits for an answer. Saved as the mark in field_schema (spec-kind.ts:
   * OPTIONAL_KEYWORD), never in the JSON text below: one control sets it in both views.
   */
  required: boolean;
  mode: "form" | "raw";
  kind: QuestionKind;
  options: string[];
  ratingMin: string;
  ratingMax: string;
  numberMin: string;
  numberMax: string;
  integer: boolean;
  maxLength: string;
  rawSchema: string;
  /** Kept from the stored spec and saved again unchanged: the form does not edit it. */
  opScope: string[] | null;
};

/** An AnnotationSpec's fields, as `obj/create` takes them. */
export type SpecValue = {
  name: string;
  description: string;
  field_schema: Record<string, unknown>;
  unique_among_creators: boolean;
  op_scope: string[] | null;
};

export type SpecField = "name" | "objectId" | "description" | "options" | "min" | "max" | "maxLength" | "rawSchema";
export type SpecErrors = Partial<Record<SpecField, string>>;

export const MAX_NAME_LENGTH = LIMITS.labelLength;
export const MAX_DESCRIPTION_LENGTH = LIMITS.descriptionLength;

export const EMPTY_DRAFT: SpecDraft = {
  name: "",
  objectId: "",
  objectIdTouched: false,
  description: "",
  uniqueAmongCreators: true,
  required: true,
  mode: "form",
  kind: "rating",
  options: ["", ""],
  ratingMin: "1",
  ratingMax: "5",
  numberMin: "",
  numberMax: "",
  integer: false,
  maxLength: "500",
  rawSchema: "",
  opScope: null,
};

/**
 * An object id from a display name: lower case, runs of anything the service refuses become one
 * `_`, trimmed of `_` at the ends, cut to the service's length ("Tone (1-5)" → "tone_1-5").
 */
export function objectIdFromName(name: string): string {
  const latin = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "_")
    .replace(/^[_.-]+|_+$/g, "")
    .slice(0, LIMITS.objectIdLength);
  // A name in a script with no Latin letters (Arabic, Hebrew, Chinese…) leaves nothing: an id made
  // from the name's characters instead, stable while the name stays the same, so it is never empty.
  return latin !== "" || name.trim() === "" ? latin : `question_${nameHash(name.trim())}`;
}

/** A short, stable base-36 hash of a name (FNV-1a): ids for names that have no Latin letters. */
function nameHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Why the service would refuse the object id (contract/trace-objects.ts: ObjectId), or null. */
export function objectIdProblem(objectId: string): string | null {
  if (objectId === "") return "Give the spec an id (letters, digits, '_', '-' and '.').";
  if (objectId.length > LIMITS.objectIdLength)
    return `At most ${LIMITS.objectIdLength} characters (${objectId.length} given).`;
  if (!OBJECT_ID_PATTERN.test(objectId)) return "Only letters, digits, '_', '-' and '.' (no spaces).";
  return null;
}

const optionalNumber = (text: string): number | null => (text.trim() === "" ? null : Number(text));
const requiredNumber = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/** The question the form's inputs describe (numbers parsed; an empty or bad one is NaN, which the checks name). */
export function questionOf(draft: SpecDraft): Question {
  switch (draft.kind) {
    case "categories":
      return { kind: "categories", options: draft.options };
    case "rating":
      return { kind: "rating", min: requiredNumber(draft.ratingMin), max: requiredNumber(draft.ratingMax) };
    case "number":
      return {
        kind: "number",
        integer: draft.integer,
        min: optionalNumber(draft.numberMin),
        max: optionalNumber(draft.numberMax),
      };
    case "boolean":
      return { kind: "boolean" };
    case "text":
      return { kind: "text", maxLength: optionalNumber(draft.maxLength) };
  }
}

/** The form's inputs for a question (the other kinds' inputs keep what they held). */
export function withQuestion(draft: SpecDraft, question: Question): SpecDraft {
  switch (question.kind) {
    case "categories":
      return { ...draft, kind: question.kind, options: [...question.options] };
    case "rating":
      return { ...draft, kind: question.kind, ratingMin: String(question.min), ratingMax: String(question.max) };
    case "number":
      return {
        ...draft,
        kind: question.kind,
        integer: question.integer,
        numberMin: question.min === null ? "" : String(question.min),
        numberMax: question.max === null ? "" : String(question.max),
      };
    case "boolean":
      return { ...draft, kind: question.kind };
    case "text":
      return {
        ...draft,
        kind: question.kind,
        maxLength: question.maxLength === null ? "" : String(question.maxLength),
      };
  }
}

/** Parses the raw schema text: an object, or why not. */
export function parseRawSchema(text: string): { schema: Record<string, unknown> } | { error: string } {
  if (text.trim() === "") return { error: 'Type a JSON Schema, e.g. {"type": "boolean"}.' };
  if (new TextEncoder().encode(text).length > LIMITS.fieldSchemaBytes)
    return { error: `At most ${LIMITS.fieldSchemaBytes / 1024} KiB of JSON.` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { error: "A JSON Schema is a JSON object ({…})." };
  if (Object.hasOwn(parsed, OPTIONAL_KEYWORD))
    return { error: `Leave “${OPTIONAL_KEYWORD}” out of the JSON: “Required or optional” below sets it.` };
  return { schema: parsed as Record<string, unknown> };
}

/** A warning for a raw schema the review cannot answer (saving is still allowed). */
export function rawSchemaWarning(schema: Record<string, unknown>): string | null {
  const kind = specKind(schema);
  return kind.kind === "unsupported"
    ? `The review cannot answer this schema (${kind.why}): annotators will see a notice instead of a control.`
    : null;
}

/** The field_schema the draft stands for: the question's schema, marked optional when it is. */
export function schemaOfDraft(draft: SpecDraft): { schema: Record<string, unknown> } | { errors: SpecErrors } {
  const question = questionSchemaOfDraft(draft);
  if ("errors" in question || draft.required) return question;
  return { schema: { ...question.schema, [OPTIONAL_KEYWORD]: true } };
}

/** The schema of the question alone, from the form's inputs or the raw text (what the JSON view shows). */
function questionSchemaOfDraft(draft: SpecDraft): { schema: Record<string, unknown> } | { errors: SpecErrors } {
  if (draft.mode === "raw") {
    const raw = parseRawSchema(draft.rawSchema);
    return "error" in raw ? { errors: { rawSchema: raw.error } } : raw;
  }
  const question = questionOf(draft);
  const problems = questionProblems(question);
  if (Object.keys(problems).length > 0) return { errors: problems };
  return { schema: schemaOf(question) };
}

/** The value to save, or one message per field that stops it. */
export function buildSpec(draft: SpecDraft): { value: SpecValue; objectId: string } | { errors: SpecErrors } {
  const errors: SpecErrors = {};
  const name = draft.name.trim();
  if (name === "") errors.name = "Give the question a name annotators will read.";
  else if (name.length > MAX_NAME_LENGTH) errors.name = `At most ${MAX_NAME_LENGTH} characters (${name.length} given).`;
  const idProblem = objectIdProblem(draft.objectId);
  if (idProblem) errors.objectId = idProblem;
  if (draft.description.length > MAX_DESCRIPTION_LENGTH)
    errors.description = `At most ${MAX_DESCRIPTION_LENGTH} characters (${draft.description.length} given).`;
  const schema = schemaOfDraft(draft);
  if ("errors" in schema) Object.assign(errors, schema.errors);
  if (Object.keys(errors).length > 0 || "errors" in schema) return { errors };
  return {
    objectId: draft.objectId,
    value: {
      name,
      description: draft.description.trim(),
      field_schema: schema.schema,
      unique_among_creators: draft.uniqueAmongCreators,
      op_scope: draft.opScope,
    },
  };
}

/** Switching to the raw view: the current question's schema as text (or what was last typed there when the form cannot build one). */
export function toRawMode(draft: SpecDraft): SpecDraft {
  const schema = questionSchemaOfDraft({ ...draft, mode: "form" });
  return {
    ...draft,
    mode: "raw",
    rawSchema: "schema" in schema ? JSON.stringify(schema.schema, null, 2) : draft.rawSchema,
  };
}

/** Switching back to the form: possible when the raw schema is one the form can show; otherwise why not. */
export function toFormMode(draft: SpecDraft): { draft: SpecDraft } | { why: string } {
  const raw = parseRawSchema(draft.rawSchema);
  if ("error" in raw) return { why: raw.error };
  const read = questionFromSchema(raw.schema);
  if ("why" in read) return { why: `The form cannot show this schema: ${read.why}. Keep editing it as JSON.` };
  return { draft: { ...withQuestion(draft, read.question), mode: "form" } };
}

/**
 * A stored spec's fields, ready to edit: in the form when it can show the schema, as raw JSON
 * otherwise. The optional mark becomes the draft's choice (no mark, as on specs made elsewhere:
 * required) and leaves the schema, so neither the form nor the JSON text sees it.
 */
export function draftFromSpec(
  objectId: string,
  spec: {
    name: string;
    description: string;
    fieldSchema: Record<string, unknown>;
    uniqueAmongCreators: boolean;
    opScope: string[] | null;
  },
): SpecDraft {
  const { [OPTIONAL_KEYWORD]: _mark, ...fieldSchema } = spec.fieldSchema;
  const base: SpecDraft = {
    ...EMPTY_DRAFT,
    name: spec.name,
    objectId,
    objectIdTouched: true,
    description: spec.description,
    uniqueAmongCreators: spec.uniqueAmongCreators,
    required: !isOptional(spec.fieldSchema),
    rawSchema: JSON.stringify(fieldSchema, null, 2),
    opScope: spec.opScope,
  };
  const read = questionFromSchema(fieldSchema);
  return "why" in read ? { ...base, mode: "raw" } : withQuestion(base, read.question);
}
