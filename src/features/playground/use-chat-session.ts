import { useEffect, useReducer, useRef } from "react";
import type { ChatCompletionRequest } from "@contract/chat";
import { useApiClients } from "@/connection/api-clients";
import {
  EMPTY_CONVERSATION,
  reduceConversation,
  unansweredMessage,
  type AssistantTurn,
  type UserTurn,
} from "./conversation";
import type { ChatService } from "./playground-url-state";

let nextId = 0;
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(nextId += 1)}`;

export type SendRequest = {
  service: ChatService;
  /** The whole request: system prompt, history and (for a send) the new message. */
  request: ChatCompletionRequest;
};

/**
 * One playground conversation: sends a request and streams the reply into it token by token.
 * Stop aborts the request (the service stops generating); leaving the page does too. Only the
 * API clients talk to the services.
 */
export function useChatSession() {
  const { training, inference } = useApiClients();
  const [state, dispatch] = useReducer(reduceConversation, EMPTY_CONVERSATION);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  /** `into`: how the reply is placed: a new turn (after `user`), one replacing a reply (Regenerate), or the stopped reply continued. */
  async function stream(
    { service, request }: SendRequest,
    user: UserTurn | undefined,
    into: { replaces?: string; continues?: string } = {},
  ) {
    running.current?.abort();
    const abort = new AbortController();
    running.current = abort;
    const assistant: AssistantTurn = {
      id: into.continues ?? newId("a"),
      role: "assistant",
      content: "",
      status: "streaming",
      model: request.model,
    };
    dispatch(
      into.continues
        ? { type: "resume", id: into.continues }
        : { type: "start", user, assistant, replaces: into.replaces },
    );
    const client = service === "training" ? training : inference;
    let finishReason: string | undefined;
    try {
      for await (const chunk of client.streamChatCompletion(request, { signal: abort.signal })) {
        const choice = chunk.choices[0];
        if (choice?.delta.content) dispatch({ type: "delta", id: assistant.id, text: choice.delta.content });
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage) dispatch({ type: "usage", id: assistant.id, usage: chunk.usage });
      }
      dispatch({ type: "finish", id: assistant.id, finishReason });
    } catch (error) {
      // Our own Stop (or leaving) aborts the request: the partial reply is kept, not an error.
      dispatch(
        abort.signal.aborted
          ? { type: "stopped", id: assistant.id }
          : { type: "failed", id: assistant.id, error, keep: into.continues !== undefined },
      );
    } finally {
      if (running.current === abort) running.current = null;
    }
  }

  return {
    state,
    /** Adds the user's message and streams the reply; `request` already contains the message. */
    send: (text: string, request: SendRequest) => stream(request, { id: newId("u"), role: "user", content: text }),
    /** Asks again for a reply to the last, unanswered message. */
    retry: (request: SendRequest) => stream(request, undefined),
    /** Replaces the last reply with a new one (`request` holds the conversation before it). */
    regenerate: (replyId: string, request: SendRequest) => stream(request, undefined, { replaces: replyId }),
    /** Streams more of a stopped reply into it (`request` asks the model to go on). */
    continueReply: (replyId: string, request: SendRequest) => stream(request, undefined, { continues: replyId }),
    stop: () => running.current?.abort(),
    /** Removes the unanswered last message and returns its text, for the composer. */
    takeBack: (): string => {
      const text = unansweredMessage(state.turns)?.content ?? "";
      dispatch({ type: "take-back" });
      return text;
    },
    clear: () => {
      running.current?.abort();
      dispatch({ type: "clear" });
    },
  };
}
