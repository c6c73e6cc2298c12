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
  /** `replaces`: the reply a Regenerate discards. */
  | { type: "start"; user?: UserTurn; assistant: AssistantTurn; replaces?: string }
  /** Continue: a stopped reply streams again, the new text added to what was kept. */
  | { type: "resume"; id: string }
  | { type: "delta"; id: string; text: string }
  | { type: "usage"; id: string; usage: ChatUsage }
  | { type: "finish"; id: string; finishReason?: string }
  | { type: "stopped"; id: string }
  /** `keep`: a continued reply that failed keeps what it had, stopped, rather than being marked failed. */
  | { type: "failed"; id: string; error: unknown; keep?: boolean }
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
      const turns = withoutFailedReply(state.turns).filter((t) => t.id !== action.replaces);
      return { turns: [...turns, ...(action.user ? [action.user] : []), action.assistant], failure: null };
    }
    case "resume":
      return {
        turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, status: "streaming", finishReason: undefined })),
        failure: null,
      };
    case "delta":
      return {
        ...state,
        turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, content: t.content + action.text })),
      };
    case "usage":
      return { ...state, turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, usage: action.usage })) };
    case "finish":
      return {
        ...state,
        turns: updateAssistant(state.turns, action.id, (t) => ({
          ...t,
          status: "done",
          finishReason: action.finishReason,
        })),
      };
    case "stopped":
      return { ...state, turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, status: "stopped" })) };
    case "failed": {
      if (action.keep)
        return {
          turns: updateAssistant(state.turns, action.id, (t) => ({ ...t, status: "stopped" })),
          failure: action.error,
        };
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

/** The last reply when it can be asked for again (finished or stopped, nothing streaming after it). */
export function lastReply(turns: readonly Turn[]): AssistantTurn | undefined {
  const last = turns.at(-1);
  return last?.role === "assistant" && (last.status === "done" || last.status === "stopped") ? last : undefined;
}

/** What Continue adds after a stopped reply: the chat API has no "go on", so it is asked for in words. */
export const CONTINUE_INSTRUCTION = "Continue exactly where your last reply stopped, without repeating anything.";

/** The messages that ask again for the last reply (Regenerate): everything before it. */
export function regenerateMessages(turns: readonly Turn[], systemPrompt: string): ChatMessage[] {
  const reply = lastReply(turns);
  return chatMessages(reply ? turns.filter((t) => t.id !== reply.id) : turns, systemPrompt);
}

/** The messages that continue a stopped reply: the conversation with what was kept, then the instruction. */
export function continueMessages(turns: readonly Turn[], systemPrompt: string): ChatMessage[] {
  return [...chatMessages(turns, systemPrompt), { role: "user", content: CONTINUE_INSTRUCTION }];
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
    else if ((turn.status === "done" || turn.status === "stopped") && turn.content !== "")
      messages.push({ role: "assistant", content: turn.content });
  }
  return messages;
}
