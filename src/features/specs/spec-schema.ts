import { isOptional, specKind } from "@/features/queues";

/**
 * The kinds of question the spec form builds, and the JSON Schema each one is. Every schema built
 * here is one the review's `specKind` reads back as the same control (spec-schema.test.ts checks
 * each kind through both), and `questionFromSchema` is the way back for editing: it answers the
 * question only for schemas that hold nothing the form cannot show, so a save from the form never
 * silently drops a keyword someone wrote by hand.
 */
export type Question =
  | { kind: "categories"; options: string[] }
  | { kind: "rating"; min: number; max: number }
  | { kind: "number"; integer: boolean; min: number | null; max: number | null }
  | { kind: "boolean" }
  | { kind: "text"; maxLength: number | null };

export type QuestionKind = Question["kind"];

export const QUESTION_KINDS: readonly { kind: QuestionKind; label: string; hint: string }[] = [
  { kind: "categories", label: "Categories", hint: "Pick one of a list of labels." },
  { kind: "rating", label: "Rating", hint: "A whole number on a short scale, shown as buttons (1-5)." },
  { kind: "number", label: "Number", hint: "Any number typed in, optionally within bounds." },
  { kind: "boolean", label: "Yes/no", hint: "Two buttons: Yes and No." },
  { kind: "text", label: "Text", hint: "Free text, optionally of limited length." },
];

/** As the review decides (spec-kind.ts): up to 11 whole numbers show as a row of buttons. */
export const MAX_RATING_VALUES = 11;
export const MAX_OPTIONS = 50;
export const MAX_OPTION_LENGTH = 200;
/** Longest text answer a spec may allow: a feedback payload is at most 512 KiB. */
export const MAX_TEXT_LENGTH = 100_000;

/** Why the question cannot be saved, one message per problem, keyed by the part of the form it is about. */
export type QuestionProblems = Partial<Record<"options" | "min" | "max" | "maxLength", string>>;

export function questionProblems(question: Question): QuestionProblems {
  switch (question.kind) {
    case "categories":
      return optionProblems(question.options);
    case "rating":
      return ratingProblems(question.min, question.max);
    case "number":
      return numberProblems(question);
    case "text":
      if (question.maxLength === null) return {};
      return Number.isInteger(question.maxLength) && question.maxLength >= 1 && question.maxLength <= MAX_TEXT_LENGTH
        ? {}
        : { maxLength: `A whole number from 1 to ${MAX_TEXT_LENGTH.toLocaleString("en-US")}.` };
    case "boolean":
      return {};
  }
}

function optionProblems(options: readonly string[]): QuestionProblems {
  if (options.length === 0) return { options: "Add at least one category." };
  if (options.length > MAX_OPTIONS) return { options: `At most ${MAX_OPTIONS} categories (${options.length} given).` };
  const empty = options.findIndex((option) => option.trim() === "");
  if (empty >= 0) return { options: `Category ${empty + 1} is empty.` };
  const long = options.findIndex((option) => option.length > MAX_OPTION_LENGTH);
  if (long >= 0) return { options: `Category ${long + 1} is longer than ${MAX_OPTION_LENGTH} characters.` };
  const seen = new Set<string>();
  for (const option of options) {
    const key = option.trim();
    if (seen.has(key)) return { options: `“${key}” is listed twice: each category must be different.` };
    seen.add(key);
  }
  return {};
}

function ratingProblems(min: number, max: number): QuestionProblems {
  if (!Number.isInteger(min)) return { min: "The lowest rating must be a whole number." };
  if (!Number.isInteger(max)) return { max: "The highest rating must be a whole number." };
  if (max <= min) return { max: `The highest rating must be above the lowest (${min}).` };
  if (max - min + 1 > MAX_RATING_VALUES)
    return {
      max: `At most ${MAX_RATING_VALUES} ratings (${min} to ${min + MAX_RATING_VALUES - 1}); use Number for a wider range.`,
    };
  return {};
}

function numberProblems(question: Extract<Question, { kind: "number" }>): QuestionProblems {
  const { integer, min, max } = question;
  if (min !== null && !Number.isFinite(min)) return { min: "Type a number, or leave empty for no lower bound." };
  if (max !== null && !Number.isFinite(max)) return { max: "Type a number, or leave empty for no upper bound." };
  if (integer && min !== null && !Number.isInteger(min))
    return { min: "Whole numbers only: the lowest must be a whole number." };
  if (integer && max !== null && !Number.isInteger(max))
    return { max: "Whole numbers only: the highest must be a whole number." };
  if (min !== null && max !== null && max < min) return { max: `The highest must be at least the lowest (${min}).` };
  // The review shows such a range as rating buttons; saying so keeps the form and the review in agreement.
  if (integer && min !== null && max !== null && max - min + 1 <= MAX_RATING_VALUES) {
    return { max: `Whole numbers from ${min} to ${max} show as rating buttons: choose Rating, or widen the range.` };
  }
  return {};
}

/** The JSON Schema of a question (call only when questionProblems is empty). */
export function schemaOf(question: Question): Record<string, unknown> {
  switch (question.kind) {
    case "categories":
      return { type: "string", enum: question.options.map((option) => option.trim()) };
    case "rating":
      return { type: "integer", minimum: question.min, maximum: question.max };
    case "number":
      return {
        type: question.integer ? "integer" : "number",
        ...(question.min === null ? {} : { minimum: question.min }),
        ...(question.max === null ? {} : { maximum: question.max }),
      };
    case "boolean":
      return { type: "boolean" };
    case "text":
      return question.maxLength === null ? { type: "string" } : { type: "string", maxLength: question.maxLength };
  }
}

/** The keywords each kind's schema may hold; anything else is raw JSON the form would drop. */
const KEYWORDS: Record<QuestionKind, readonly string[]> = {
  categories: ["type", "enum"],
  rating: ["type", "minimum", "maximum"],
  number: ["type", "minimum", "maximum"],
  boolean: ["type"],
  text: ["type", "maxLength"],
};

/** The question a schema asks, or why the form cannot show it (then only raw JSON edits it). */
export function questionFromSchema(schema: Record<string, unknown>): { question: Question } | { why: string } {
  const question = readQuestion(schema);
  if ("why" in question) return question;
  const extra = Object.keys(schema).filter((key) => !KEYWORDS[question.kind].includes(key));
  if (extra.length > 0)
    return { why: `the schema also sets ${extra.map((key) => `“${key}”`).join(", ")}, which the form cannot show` };
  if (Object.keys(questionProblems(question)).length > 0) return { why: "its values are outside what the form allows" };
  return { question };
}

function readQuestion(schema: Record<string, unknown>): Question | { why: string } {
  const kind = specKind(schema);
  switch (kind.kind) {
    case "choice":
      if (
        schema.type !== "string" ||
        !kind.options.every((option): option is string => typeof option === "string") ||
        kind.options.length !== (schema.enum as unknown[]).length
      ) {
        return { why: "its choices are not all text" };
      }
      return { kind: "categories", options: kind.options };
    case "rating":
      if (schema.minimum !== kind.min || schema.maximum !== kind.max) return { why: "it uses exclusive bounds" };
      return { kind: "rating", min: kind.min, max: kind.max };
    case "number":
      if ((kind.min !== null && schema.minimum !== kind.min) || (kind.max !== null && schema.maximum !== kind.max))
        return { why: "it uses exclusive bounds" };
      return { kind: "number", integer: kind.integer, min: kind.min, max: kind.max };
    case "boolean":
      return { kind: "boolean" };
    case "text":
      if (schema.type !== "string") return { why: "it is not a text schema" };
      return { kind: "text", maxLength: kind.maxLength };
    case "unsupported":
      return { why: `the review cannot answer it (${kind.why})` };
  }
}

const range = (min: number | null, max: number | null) =>
  min !== null && max !== null
    ? `${min}-${max}`
    : min !== null
      ? `at least ${min}`
      : max !== null
        ? `at most ${max}`
        : "";

/** The question in a few words, for lists: "Rating 1-5", "Categories: a, b, c", "Text, optional". */
export function describeSchema(schema: Record<string, unknown>): string {
  const words = kindInWords(schema);
  return isOptional(schema) ? `${words}, optional` : words;
}

function kindInWords(schema: Record<string, unknown>): string {
  const kind = specKind(schema);
  switch (kind.kind) {
    case "choice": {
      const shown = kind.options.slice(0, 6).map(String).join(", ");
      return `Categories: ${shown}${kind.options.length > 6 ? `, … (${kind.options.length})` : ""}`;
    }
    case "rating":
      return `Rating ${kind.min}-${kind.max}`;
    case "number":
      return [kind.integer ? "Whole number" : "Number", range(kind.min, kind.max)].filter(Boolean).join(" ");
    case "boolean":
      return "Yes/no";
    case "text":
      return kind.maxLength === null ? "Text" : `Text up to ${kind.maxLength.toLocaleString("en-US")} chars`;
    case "unsupported":
      return "Raw JSON Schema (not answerable in the review)";
  }
}
