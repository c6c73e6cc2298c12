import type { ChatMessage } from "@contract/chat";
import { parsePath, readPath, type CallPart } from "@/lib/call-paths";

/**
 * A judge's prompt is a template: `{{question}}` and `{{description}}` are the question's name
 * and description, and `{{inputs.…}}` / `{{output.…}}` are dotted paths into the call. It is sent
 * as the system message; the user message is the call's `{inputs, output}` as JSON, as upstream's
 * LLM judge sends it (weave/trace_server/actions_worker/actions/llm_judge.py).
 */
export type PromptQuestion = { label: string; description: string };

/** A substituted value (and each of inputs and output in the user message) is cut here: a 1 MB answer fits no prompt. */
export const FIELD_CHAR_LIMIT = 20_000;
export const CUT_MARK = "… [cut]";

// No lazy quantifier between two \s*: with an unclosed "{{" before a long run of spaces that backtracks in cubic time.
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const QUESTION_FIELDS = new Set(["question", "description"]);

export type PromptProblem = { placeholder: string; why: string };

/** Every placeholder of the template, in order of first use, without repeats. */
export function placeholdersOf(template: string): string[] {
  const seen = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) seen.add(match[1]!.trim());
  return [...seen];
}

/**
 * What is wrong with the template's placeholders whatever the call: one that names neither the
 * question nor a path into the call's inputs or output.
 */
export function templateProblems(template: string): PromptProblem[] {
  return placeholdersOf(template)
    .filter((name) => !QUESTION_FIELDS.has(name) && parsePath(name) === null)
    .map((name) => ({
      placeholder: name,
      why: `{{${name}}} is neither {{question}}, {{description}} nor a path that starts at inputs or output`,
    }));
}

/** The call paths the template reads that this call does not have. */
export function missingFields(template: string, call: CallPart): string[] {
  return placeholdersOf(template).filter((name) => {
    if (QUESTION_FIELDS.has(name)) return false;
    const segments = parsePath(name);
    return segments !== null && readPath(call, segments) === undefined;
  });
}

export function cut(text: string): string {
  return text.length > FIELD_CHAR_LIMIT ? text.slice(0, FIELD_CHAR_LIMIT) + CUT_MARK : text;
}

const asText = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? "null"));

/** The template with its placeholders filled in for one call (a missing path is left empty: check missingFields first). */
export function renderPrompt(template: string, question: PromptQuestion, call: CallPart): string {
  return template.replace(PLACEHOLDER, (_whole, raw: string) => {
    const name = raw.trim();
    if (name === "question") return question.label;
    if (name === "description") return question.description;
    const segments = parsePath(name);
    const value = segments ? readPath(call, segments) : undefined;
    return value === undefined ? "" : cut(asText(value));
  });
}

/** The messages sent for one call: the filled-in prompt, then the call's inputs and output. */
export function judgeMessages(template: string, question: PromptQuestion, call: CallPart): ChatMessage[] {
  const user = `{"inputs": ${cut(asText(call.inputs ?? null))}, "output": ${cut(asText(call.output ?? null))}}`;
  return [
    { role: "system", content: renderPrompt(template, question, call) },
    { role: "user", content: user },
  ];
}

/** A first prompt for a question: what a judge needs, using the placeholders a chat call has. */
export function defaultPrompt(): string {
  return [
    "You review answers written by an AI assistant, as a careful human reviewer would.",
    "",
    "Question: {{question}}",
    "{{description}}",
    "",
    "The user message holds the call: its inputs (what the assistant was asked) and its output (what it answered).",
    "Give a short reasoning first, then your answer to the question.",
  ].join("\n");
}
