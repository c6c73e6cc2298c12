import type { CallPart } from "./call-paths";
import { CHAT_PATHS, conversationOf, type PathMapping } from "./conversation";

/** Keys that usually hold the prompt or the answer, best first: tried before any other. */
const PROMPT_KEYS = ["messages", "conversation", "prompt", "question", "message", "query", "input", "transcript", "text"];
const COMPLETION_KEYS = ["choices", "answer", "completion", "response", "content", "text", "summary", "message", "output"];

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

function ranked(keys: readonly string[], preferred: readonly string[]): string[] {
  const rank = (key: string) => {
    const at = preferred.indexOf(key);
    return at === -1 ? preferred.length : at;
  };
  return keys.toSorted((a, b) => rank(a) - rank(b));
}

/**
 * Paths in a sample call that could hold its prompt and its answer (top-level fields of its inputs
 * and output that read as messages or text), best guesses first. The chat paths come first when
 * the call is a chat call.
 */
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
      else if (typeof value === "string" || (isRecord(value) && typeof value.role === "string")) completion.push(`output.${key}`);
    }
  }
  return { prompt, completion };
}

/** Whether `path` reads as a prompt (whatever the completion turns out to be). */
function promptReadable(call: CallPart, path: string): boolean {
  const result = conversationOf(call, { prompt: path, completion: "output" });
  return result.ok || result.reason === "no-output";
}

/** The paths to start with for an op whose calls look like `call`: chat's when they work, else the best candidates. */
export function suggestPaths(call: CallPart): PathMapping {
  if (conversationOf(call, CHAT_PATHS).ok) return CHAT_PATHS;
  const { prompt, completion } = pathCandidates(call);
  return { prompt: prompt[0] ?? CHAT_PATHS.prompt, completion: completion[0] ?? CHAT_PATHS.completion };
}
