import type { CallPart } from "@/lib/call-paths";
import { CHAT_PATHS, conversationOf, type PathMapping } from "./conversation";

/**
 * Which of a call's fields could be its prompt and its answer.
 *
 * Candidates (offered in the path fields' lists) are any top-level field of the inputs that reads
 * as text or chat messages, and any of the output that reads as text, a message or a choice.
 *
 * A suggestion (used without asking) must look like a conversation, since a wrong default builds
 * trajectories that train the model on nonsense (an order id "answered" with a rule number):
 * - the prompt is a list of chat messages (under any name), or prose (two words or more) under a
 *   name that means a prompt (PROMPT_KEYS);
 * - the answer is the chat choices, an assistant message or a choice (under any name), or prose
 *   under a name that means an answer (COMPLETION_KEYS);
 * - both are found, or nothing is suggested and the op starts left out.
 */

/** Names that hold a prompt, best first. */
const PROMPT_KEYS = [
  "messages",
  "conversation",
  "prompt",
  "question",
  "message",
  "query",
  "input",
  "transcript",
  "text",
  "instruction",
  "instructions",
];
/** Names that hold an answer, best first. */
const COMPLETION_KEYS = [
  "choices",
  "answer",
  "completion",
  "response",
  "reply",
  "content",
  "text",
  "summary",
  "message",
  "output",
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Two words or more: a sentence, not an id, a code or a one-word label. */
export const isProse = (value: unknown): value is string => typeof value === "string" && /\S\s+\S/.test(value.trim());

const isChatMessage = (value: unknown): boolean =>
  isRecord(value) &&
  typeof value.role === "string" &&
  (typeof value.content === "string" || Array.isArray(value.content) || value.content === null);
const isMessageList = (value: unknown): boolean =>
  Array.isArray(value) && value.length > 0 && value.every(isChatMessage);
const isAssistantMessage = (value: unknown): boolean =>
  isChatMessage(value) && (value as { role: string }).role === "assistant";
const isChoice = (value: unknown): boolean => isRecord(value) && isAssistantMessage(value.message);

function ranked(keys: readonly string[], preferred: readonly string[]): string[] {
  const rank = (key: string) => {
    const at = preferred.indexOf(key);
    return at === -1 ? preferred.length : at;
  };
  return keys.toSorted((a, b) => rank(a) - rank(b));
}

/** Paths in a sample call that could hold its prompt and its answer, best guesses first. */
export function pathCandidates(call: CallPart): { prompt: string[]; completion: string[] } {
  const prompt: string[] = [];
  const completion: string[] = [];
  if (isRecord(call.inputs)) {
    for (const key of ranked(Object.keys(call.inputs), PROMPT_KEYS)) {
      const path = `inputs.${key}`;
      if (promptReadable(call, path)) prompt.push(path);
    }
  }
  if (typeof call.output === "string") completion.push("output");
  else if (isRecord(call.output)) {
    for (const key of ranked(Object.keys(call.output), COMPLETION_KEYS)) {
      const value = call.output[key];
      if (key === "choices" && Array.isArray(value)) completion.push(CHAT_PATHS.completion);
      else if (typeof value === "string" || (isRecord(value) && typeof value.role === "string"))
        completion.push(`output.${key}`);
    }
  }
  return { prompt, completion };
}

/** Whether `path` reads as a prompt (whatever the completion turns out to be). */
function promptReadable(call: CallPart, path: string): boolean {
  const result = conversationOf(call, { prompt: path, completion: "output" });
  return result.ok || result.reason === "no-output";
}

function conversationalPrompt(inputs: Record<string, unknown>): string | null {
  const keys = ranked(Object.keys(inputs), PROMPT_KEYS);
  const list = keys.find((key) => isMessageList(inputs[key]));
  if (list !== undefined) return `inputs.${list}`;
  const text = keys.find((key) => PROMPT_KEYS.includes(key) && isProse(inputs[key]));
  return text === undefined ? null : `inputs.${text}`;
}

function conversationalAnswer(output: unknown): string | null {
  if (isProse(output)) return "output";
  if (isAssistantMessage(output) || isChoice(output)) return "output";
  if (!isRecord(output)) return null;
  const keys = ranked(Object.keys(output), COMPLETION_KEYS);
  const shaped = keys.find((key) => isAssistantMessage(output[key]) || isChoice(output[key]));
  if (shaped !== undefined) return `output.${shaped}`;
  const text = keys.find((key) => COMPLETION_KEYS.includes(key) && isProse(output[key]));
  return text === undefined ? null : `output.${text}`;
}

/**
 * The paths to start with for an op whose calls look like `call`: chat's when they work, else a
 * prompt and an answer that look like a conversation (see above), else null (no suggestion).
 */
export function suggestPaths(call: CallPart): PathMapping | null {
  if (conversationOf(call, CHAT_PATHS).ok) return CHAT_PATHS;
  if (!isRecord(call.inputs)) return null;
  const prompt = conversationalPrompt(call.inputs);
  const completion = conversationalAnswer(call.output);
  return prompt !== null && completion !== null ? { prompt, completion } : null;
}
