import type { AlphaLevel } from "@/lib/krippendorff-alpha";

/**
 * How a question's answers are measured, read from its JSON Schema: yes/no and choice lists are
 * categories (nominal), bounded whole-number ratings are ordered (ordinal), other numbers are
 * interval; free text has no level (its agreement is not measured).
 */
export type SpecMeasure =
  | { kind: "yes-no"; level: "nominal" }
  | { kind: "choice"; level: "nominal"; options: readonly (string | number | boolean)[] }
  | { kind: "rating"; level: "ordinal"; min: number; max: number }
  | { kind: "number"; level: "interval" }
  | { kind: "text"; level: null };

/** Ratings with more steps than this are treated as numbers (interval): an ordinal metric over them would cost O(steps²). */
const MAX_RATING_STEPS = 101;

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

export function measureOf(schema: Readonly<Record<string, unknown>>): SpecMeasure {
  const type = schema.type;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const options = schema.enum.filter((option): option is string | number | boolean =>
      ["string", "number", "boolean"].includes(typeof option),
    );
    return { kind: "choice", level: "nominal", options };
  }
  if (type === "boolean") return { kind: "yes-no", level: "nominal" };
  if (
    type === "integer" &&
    finite(schema.minimum) &&
    finite(schema.maximum) &&
    schema.maximum >= schema.minimum &&
    schema.maximum - schema.minimum < MAX_RATING_STEPS
  ) {
    return { kind: "rating", level: "ordinal", min: Math.ceil(schema.minimum), max: Math.floor(schema.maximum) };
  }
  if (type === "integer" || type === "number") return { kind: "number", level: "interval" };
  return { kind: "text", level: null };
}

/** The level alpha uses for a measure, or null for free text. */
export const levelOf = (measure: SpecMeasure): AlphaLevel | null => measure.level;

/**
 * An answer as alpha compares it: a category's text for nominal questions, the number itself for
 * ordered and interval ones. Null for an answer that does not fit the question (left out).
 */
export function alphaValueOf(measure: SpecMeasure, value: unknown): string | number | null {
  switch (measure.kind) {
    case "yes-no":
      return typeof value === "boolean" ? (value ? "Yes" : "No") : null;
    case "choice":
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : null;
    case "rating":
    case "number":
      return finite(value) ? value : null;
    case "text":
      return null;
  }
}
