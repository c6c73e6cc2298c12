import type { ChatMessage } from "@contract/chat";

/**
 * What a run will cost before it starts, in tokens. Without the model's tokenizer the count is an
 * estimate: about four characters a token for English text (OpenAI's rule of thumb), which the
 * page says. The reply is bounded by the reasoning's length limit plus the answer.
 */
export const CHARS_PER_TOKEN = 4;
/** Tokens a reply takes at most: 2,000 characters of reasoning and a short answer. */
export const REPLY_TOKENS_MAX = 560;
/** Tokens of each message's framing (role, separators), as OpenAI counts them for chat models. */
const MESSAGE_OVERHEAD_TOKENS = 4;

export type CostEstimate = { calls: number; promptTokens: number; replyTokensMax: number };

export function promptTokens(messages: readonly ChatMessage[]): number {
  let tokens = 0;
  for (const message of messages) {
    const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content ?? "");
    tokens += Math.ceil(text.length / CHARS_PER_TOKEN) + MESSAGE_OVERHEAD_TOKENS;
  }
  return tokens;
}

export function addCost(total: CostEstimate, messages: readonly ChatMessage[]): CostEstimate {
  return {
    calls: total.calls + 1,
    promptTokens: total.promptTokens + promptTokens(messages),
    replyTokensMax: total.replyTokensMax + REPLY_TOKENS_MAX,
  };
}

export const NO_COST: CostEstimate = { calls: 0, promptTokens: 0, replyTokensMax: 0 };
