/**
 * Which control answers a spec, read from its JSON Schema: a choice for an enum, rating buttons
 * for a small integer range, an input with its bounds for other numbers, Yes/No for a boolean, a
 * text area (with what is left of its maxLength) for a string. Anything else cannot be answered
 * here and says so.
 */
export type SpecKind =
  | { kind: "choice"; options: (string | number | boolean)[] }
  | { kind: "rating"; min: number; max: number }
  | { kind: "number"; integer: boolean; min: number | null; max: number | null }
  | { kind: "boolean" }
  | { kind: "text"; maxLength: number | null }
  | { kind: "unsupported"; why: string };

/**
 * The mark of a question annotators may leave unanswered: `"x-optional": true` in its JSON Schema.
 * It lives in `field_schema`, not beside it, because the real service keeps a spec's field_schema
 * as given but drops top-level keys its AnnotationSpec does not declare, and JSON Schema
 * validators (upstream's jsonschema, the local service's Ajv) ignore keywords they do not know, so
 * answers are checked as before. A schema without the mark, as every spec made elsewhere is, asks
 * a required question: completing an item without its answer takes a second press.
 */
export const OPTIONAL_KEYWORD = "x-optional";

/** Whether the question may be left unanswered (only an explicit `true` makes it so). */
export const isOptional = (schema: Readonly<Record<string, unknown>>): boolean => schema[OPTIONAL_KEYWORD] === true;

/** The largest integer range still shown as a row of buttons (0-10 is eleven). */
const MAX_RATING_BUTTONS = 11;

const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

export function specKind(schema: Record<string, unknown>): SpecKind {
  const options = schema.enum;
  if (Array.isArray(options)) {
    const usable = options.filter((o): o is string | number | boolean =>
      ["string", "number", "boolean"].includes(typeof o),
    );
    return usable.length > 0
      ? { kind: "choice", options: usable }
      : { kind: "unsupported", why: "its choices are not text, numbers or yes/no" };
  }
  const type = schema.type;
  if (type === "boolean") return { kind: "boolean" };
  if (type === "string") return { kind: "text", maxLength: finite(schema.maxLength) };
  if (type === "integer" || type === "number") {
    const min =
      finite(schema.minimum) ??
      (finite(schema.exclusiveMinimum) !== null
        ? finite(schema.exclusiveMinimum)! + (type === "integer" ? 1 : 0)
        : null);
    const max =
      finite(schema.maximum) ??
      (finite(schema.exclusiveMaximum) !== null
        ? finite(schema.exclusiveMaximum)! - (type === "integer" ? 1 : 0)
        : null);
    if (
      type === "integer" &&
      min !== null &&
      max !== null &&
      Number.isInteger(min) &&
      Number.isInteger(max) &&
      max >= min &&
      max - min < MAX_RATING_BUTTONS
    ) {
      return { kind: "rating", min, max };
    }
    return { kind: "number", integer: type === "integer", min, max };
  }
  return {
    kind: "unsupported",
    why: `answers of type ${JSON.stringify(type ?? "any").slice(0, 40)} cannot be given here`,
  };
}

/** The values the number keys 1..9 pick, in order (choices, ratings, Yes/No); empty for typed answers. */
export function keyedValues(kind: SpecKind): unknown[] {
  switch (kind.kind) {
    case "choice":
      return kind.options.slice(0, 9);
    case "rating":
      return Array.from({ length: Math.min(9, kind.max - kind.min + 1) }, (_, i) => kind.min + i);
    case "boolean":
      return [true, false];
    default:
      return [];
  }
}

/** Why a typed answer does not fit, checked before sending (the service checks it fully again). */
export function typedProblem(kind: SpecKind, value: unknown): string | null {
  if (kind.kind === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) return "Type a number.";
    if (kind.integer && !Number.isInteger(value)) return "Type a whole number.";
    if (kind.min !== null && value < kind.min) return `At least ${kind.min}.`;
    if (kind.max !== null && value > kind.max) return `At most ${kind.max}.`;
  }
  if (kind.kind === "text" && typeof value === "string" && kind.maxLength !== null && value.length > kind.maxLength) {
    return `At most ${kind.maxLength} characters (${value.length - kind.maxLength} over).`;
  }
  return null;
}
