import { specKind, typedProblem } from "../../queue-review/annotate/spec-kind";
import { REASONING_MAX_LENGTH } from "./response-schema";

/**
 * A model's reply read as a verdict, or why it is none. The service was asked for JSON of
 * `{reasoning, answer}`; a model that ignores that (prose), a reply cut short, or an answer the
 * question does not take is malformed: recorded as such, never taken as a verdict.
 */
export type ReadReply = { ok: true; answer: unknown; reasoning: string } | { ok: false; reason: string };

const EXCERPT = 80;

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT)}…` : flat;
};

export function readReply(
  content: string | null | undefined,
  finishReason: string | null | undefined,
  questionSchema: Record<string, unknown>,
): ReadReply {
  if (content === null || content === undefined || content.trim() === "")
    return { ok: false, reason: "The model answered nothing." };
  if (finishReason === "length") return { ok: false, reason: "The reply was cut off at the token limit." };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, reason: `The model answered prose, not JSON: "${excerpt(content)}"` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || !("answer" in parsed))
    return { ok: false, reason: `The reply has no "answer": ${excerpt(content)}` };
  const { answer, reasoning } = parsed as { answer: unknown; reasoning?: unknown };
  const problem = answerProblem(questionSchema, answer);
  if (problem)
    return {
      ok: false,
      reason: `The answer ${excerpt(JSON.stringify(answer) ?? "undefined")} does not fit the question: ${problem}`,
    };
  const text = typeof reasoning === "string" ? reasoning.slice(0, REASONING_MAX_LENGTH) : "";
  return { ok: true, answer, reasoning: text };
}

/** Why a value is no answer to the question (as the review would refuse it), or null. */
export function answerProblem(questionSchema: Record<string, unknown>, value: unknown): string | null {
  const kind = specKind(questionSchema);
  switch (kind.kind) {
    case "choice":
      return kind.options.some((option) => option === value)
        ? null
        : `it is not one of ${kind.options.map((o) => JSON.stringify(o)).join(", ")}`;
    case "rating":
      return Number.isInteger(value) && (value as number) >= kind.min && (value as number) <= kind.max
        ? null
        : `it is not a whole number from ${kind.min} to ${kind.max}`;
    case "boolean":
      return typeof value === "boolean" ? null : "it is not true or false";
    case "text":
      return typeof value === "string" ? typedProblem(kind, value) : "it is not text";
    case "number":
      return typedProblem(kind, value);
    case "unsupported":
      return `the question cannot be answered here (${kind.why})`;
  }
}
