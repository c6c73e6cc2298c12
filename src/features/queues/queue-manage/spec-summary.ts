import { isOptional, specKind } from "../queue-review/annotate/spec-kind";

/** Choices named in a summary before "and N more". */
const MAX_NAMED_CHOICES = 6;

const range = (min: number | null, max: number | null): string =>
  min !== null && max !== null
    ? ` from ${min} to ${max}`
    : min !== null
      ? ` of at least ${min}`
      : max !== null
        ? ` of at most ${max}`
        : "";

/**
 * What answering a spec asks for, in words for the queue forms: "Rating 1-5", "Categories: a, b,
 * c", "Yes/no", "Text up to 500 chars, optional". Read from the spec's JSON Schema as the review
 * reads it (spec-kind.ts), so the form describes the control the annotator will get, and whether
 * Complete waits for it.
 */
export function specSummary(fieldSchema: Record<string, unknown>): string {
  const words = answerInWords(fieldSchema);
  return isOptional(fieldSchema) ? `${words}, optional` : words;
}

function answerInWords(fieldSchema: Record<string, unknown>): string {
  const kind = specKind(fieldSchema);
  switch (kind.kind) {
    case "rating":
      return `Rating ${kind.min}-${kind.max}`;
    case "choice": {
      const named = kind.options.slice(0, MAX_NAMED_CHOICES).map(String).join(", ");
      const more = kind.options.length - MAX_NAMED_CHOICES;
      return `Categories: ${named}${more > 0 ? `, and ${more} more` : ""}`;
    }
    case "boolean":
      return "Yes/no";
    case "text":
      return kind.maxLength !== null ? `Text up to ${kind.maxLength} chars` : "Text";
    case "number":
      return `${kind.integer ? "Whole number" : "Number"}${range(kind.min, kind.max)}`;
    case "unsupported":
      return `Cannot be answered in the review (${kind.why})`;
  }
}
