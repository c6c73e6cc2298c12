import type { TrajectoryGroup } from "@contract/training";
import { parsePath, readPath, type CallPart } from "@/lib/call-paths";

/** Where a call's prompt and completion are read from (dotted paths, see lib/call-paths.ts). */
export type PathMapping = { prompt: string; completion: string };

/** OpenAI-style chat calls: `inputs.messages` in, `output.choices[0]` out. */
export const CHAT_PATHS: PathMapping = Object.freeze({ prompt: "inputs.messages", completion: "output.choices.0" });

type TrajectoryItem = TrajectoryGroup["trajectories"][number]["messages_and_choices"][number];
export type ChatMessage = { role: string; content: string | unknown[] | null } & Record<string, unknown>;
export type ChatChoice = { index: number; finish_reason: string; message: ChatMessage };

export type Conversation =
  | { ok: true; prompt: ChatMessage[]; choice: ChatChoice; messagesAndChoices: TrajectoryItem[] }
  | { ok: false; reason: "no-messages" | "no-output"; detail: string };

const isMessage = (value: unknown): value is ChatMessage =>
  value !== null &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  typeof (value as { role?: unknown }).role === "string" &&
  (typeof (value as { content?: unknown }).content === "string" ||
    Array.isArray((value as { content?: unknown }).content) ||
    (value as { content?: unknown }).content === null);

/** The prompt as chat messages: a list of messages, or a text taken as the user's one message. */
function promptMessages(value: unknown): ChatMessage[] | string {
  if (typeof value === "string") return value.trim() === "" ? "is empty text" : [{ role: "user", content: value }];
  if (!Array.isArray(value)) return value === undefined ? "is missing" : "is neither a list of chat messages nor text";
  if (value.length === 0) return "is an empty list";
  const bad = value.findIndex((message) => !isMessage(message));
  if (bad !== -1) return `item ${bad} is not a chat message ({role, content})`;
  return value as ChatMessage[];
}

/**
 * The completion as an OpenAI choice. The training service (ART) learns from choices only: the
 * messages before it are the context, so the model's answer must be a choice, never a message.
 */
function completionChoice(value: unknown): ChatChoice | string {
  if (typeof value === "string")
    return value.trim() === ""
      ? "is empty text"
      : { index: 0, finish_reason: "stop", message: { role: "assistant", content: value } };
  if (value === undefined || value === null) return "is missing";
  if (typeof value !== "object" || Array.isArray(value)) return "is neither text, a chat message nor a choice";
  const record = value as Record<string, unknown>;
  if (isMessage(record.message)) {
    return {
      index: typeof record.index === "number" ? record.index : 0,
      finish_reason: typeof record.finish_reason === "string" ? record.finish_reason : "stop",
      message: record.message,
    };
  }
  if (isMessage(record)) return { index: 0, finish_reason: "stop", message: record };
  if (Array.isArray(record.choices))
    return record.choices.length === 0 ? "has no choices" : completionChoice(record.choices[0]);
  return "is neither text, a chat message nor a choice";
}

/** Why a path names nothing readable: it must start with inputs or output. */
function unreadablePath(
  reason: "no-messages" | "no-output",
  role: "prompt" | "completion",
  path: string,
): Conversation {
  return { ok: false, reason, detail: `the ${role} path '${path}' does not start with inputs or output` };
}

/** The call's conversation (prompt messages, then the answer as a choice), or why there is none. */
export function conversationOf(call: CallPart, paths: PathMapping = CHAT_PATHS): Conversation {
  const promptPath = parsePath(paths.prompt);
  if (!promptPath) return unreadablePath("no-messages", "prompt", paths.prompt);
  const prompt = promptMessages(readPath(call, promptPath));
  if (typeof prompt === "string") return { ok: false, reason: "no-messages", detail: `${paths.prompt} ${prompt}` };
  const completionPath = parsePath(paths.completion);
  if (!completionPath) return unreadablePath("no-output", "completion", paths.completion);
  const choice = completionChoice(readPath(call, completionPath));
  if (typeof choice === "string") return { ok: false, reason: "no-output", detail: `${paths.completion} ${choice}` };
  return { ok: true, prompt, choice, messagesAndChoices: [...prompt, choice] };
}
