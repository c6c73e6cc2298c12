import type { ChatMessage, ChatUsage } from "@contract/chat";

export type UserTurn = { id: string; role: "user"; content: string };
export type AssistantStatus = "streaming" | "done" | "stopped" | "failed";
export type AssistantTurn = {
  id: string;
  role: "assistant";
  content: string;
  status: AssistantStatus;
  /** Who answered (the model or checkpoint address at the time). */
  model: string;
  usage?: ChatUsage;
  finishReason?: string;
};
export type Turn = UserTurn | AssistantTurn;

export type ConversationState = {
  turns: Turn[];
  /** The last request failed: shown under the conversation with Retry. */
  failure: unknown;
};

export type ConversationAction =
  | { type: "start"; user?: UserTurn; assistant: AssistantTurn }
  | { type: "delta"; id: string; text: string }
  | { type: "usage"; id: string; usage: ChatUsage }
  | { type: "finish"; id: string; finishReason?: string }
  | { type: "stopped"; id: string }
  | { type: "failed"; id: string; error: unknown }
  | { type: "take-back" }
  | { type: "clear" };

export const EMPTY_CONVERSATION: ConversationState = { turns: [], failure: null };

const updateAssistant = (turns: Turn[], id: string, change: (turn: AssistantTurn) => AssistantTurn): Turn[] =>
  turns.map((turn) => (turn.id === id && turn.role === "assistant" ? change(turn) : turn));

/** Drops a failed reply at the end (a retry or an edit replaces it). */
const withoutFailedReply = (turns: Turn[]): Turn[] => {
  const last = turns.at(-1);
  return last?.role === "assistant" && last.status === "failed" ? turns.slice(0, -1) : turns;
};

export function reduceConversation(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case "start": {
      const turns = withoutFailedReply(state.turns);
      return { turns: [...turns, ...(action.user ? [action.user] : []), action.assistant], failure: null };
    }
    case "delta":
      return { ...state, turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, content: t.content + action.text })) };
    case "usage":
      return { ...state, turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, usage: action.usage })) };
    case "finish":
      return { ...state, turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, status: "done", finishReason: action.finishReason })) };
    case "stopped":
      return { ...state, turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, status: "stopped" })) };
    case "failed": {
      // A reply that failed before its first token leaves nothing worth showing; a partial one stays, marked.
      const failedTurn = state.turns.find((t) => t.id === action.id);
      const turns =
        failedTurn?.role === "assistant" && failedTurn.content === ""
          ? state.turns.filter((t) => t.id !== action.id)
          : updateAssistant(state.turns, action.id, (t) => ({ ...t, status: "failed" }));
      return { turns, failure: action.error };
    }
    case "take-back": {
      // "Edit message": the unanswered last user message goes back to the composer.
      const turns = withoutFailedReply(state.turns);
      return { turns: turns.at(-1)?.role === "user" ? turns.slice(0, -1) : turns, failure: null };
    }
    case "clear":
      return EMPTY_CONVERSATION;
  }
}

/** The last user message when it has no answer yet (what Retry resends and Edit takes back). */
export function unansweredMessage(turns: readonly Turn[]): UserTurn | undefined {
  const last = withoutFailedReply([...turns]).at(-1);
  return last?.role === "user" ? last : undefined;
}

export function isStreaming(turns: readonly Turn[]): boolean {
  const last = turns.at(-1);
  return last?.role === "assistant" && last.status === "streaming";
}

/**
 * The messages sent to the service: the system prompt, then every user message and every reply
 * the user saw in full or stopped. Failed and in-progress replies are not history.
 */
export function chatMessages(turns: readonly Turn[], systemPrompt: string): ChatMessage[] {
  const messages: ChatMessage[] = systemPrompt.trim() ? [{ role: "system", content: systemPrompt }] : [];
  for (const turn of turns) {
    if (turn.role === "user") messages.push({ role: "user", content: turn.content });
    else if ((turn.status === "done" || turn.status === "stopped") && turn.content !== "") messages.push({ role: "assistant", content: turn.content });
  }
  return messages;
}
