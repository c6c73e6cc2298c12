import type { ChatCompletionRequest, ChatMessage, ChatUsage } from "../../contract/chat";
import { approximateTokens, contentText } from "./tokens";

/** A reply worked out in full before it is sent, whole or streamed piece by piece. */
export type CompletionPlan = {
  pieces: string[];
  finishReason: "stop" | "length";
  usage: ChatUsage;
};

// OpenAI's guidance counts a few tokens of framing per chat message besides its content.
const TOKENS_PER_MESSAGE = 4;

/**
 * The reply of the local simulation: deterministic, built from the prompt, and saying plainly
 * that no language model wrote it. `label` is the model (or checkpoint) that was asked.
 */
export function simulatedReplyText(label: string, messages: readonly ChatMessage[]): string {
  const lastUser = messages.findLast((m) => m.role === "user") ?? messages[messages.length - 1];
  const text = contentText(lastUser?.content).replace(/\s+/g, " ").trim();
  const words = text === "" ? 0 : text.split(" ").length;
  const excerpt = text.length > 160 ? `${text.slice(0, 160)}…` : text;
  return (
    `[Local simulation of ${label}] No language model runs on this server, so this is a deterministic ` +
    `stand-in reply to your last message (${words} word${words === 1 ? "" : "s"}): "${excerpt}"`
  );
}

export function planCompletion(request: ChatCompletionRequest, label: string): CompletionPlan {
  const maxTokens = request.max_completion_tokens ?? request.max_tokens ?? Number.POSITIVE_INFINITY;
  // A "token" streamed here is a word with its trailing space; its count is approximated as elsewhere.
  const words = simulatedReplyText(label, request.messages).match(/\S+\s*/g) ?? [];
  const pieces: string[] = [];
  let completionTokens = 0;
  let finishReason: CompletionPlan["finishReason"] = "stop";
  for (const word of words) {
    const tokens = approximateTokens(word);
    if (completionTokens + tokens > maxTokens) {
      finishReason = "length";
      break;
    }
    pieces.push(word);
    completionTokens += tokens;
  }
  const promptTokens = request.messages.reduce((sum, m) => sum + TOKENS_PER_MESSAGE + approximateTokens(contentText(m.content)), 0);
  return {
    pieces,
    finishReason,
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}
