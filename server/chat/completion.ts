import type { ChatCompletionRequest, ChatUsage } from "../../contract/chat";
import { replyText } from "./structured-reply";
import { approximatePromptTokens, approximateTokens } from "./tokens";

/** A reply worked out in full before it is sent, whole or streamed piece by piece. */
export type CompletionPlan = {
  pieces: string[];
  finishReason: "stop" | "length";
  usage: ChatUsage;
};

/** Characters of a piece of a JSON reply: JSON has few spaces to cut at, so it is streamed in runs of about 4 tokens. */
const JSON_PIECE_LENGTH = 16;

/**
 * The reply to `request` (structured-reply.ts says what it is), cut into the pieces it streams in
 * (prose: a word with its trailing space; JSON: runs of characters), stopped before max_tokens.
 * `structuredOutput: false` is a model that answers prose whatever response_format asks.
 */
export function planCompletion(request: ChatCompletionRequest, label: string, structuredOutput = true): CompletionPlan {
  const maxTokens = request.max_completion_tokens ?? request.max_tokens ?? Number.POSITIVE_INFINITY;
  const text = replyText(request, label, structuredOutput);
  const isJson = structuredOutput && (request.response_format?.type ?? "text") !== "text";
  const pieces: string[] = [];
  let completionTokens = 0;
  let finishReason: CompletionPlan["finishReason"] = "stop";
  for (const piece of isJson ? jsonPieces(text) : (text.match(/\S+\s*/g) ?? [])) {
    const tokens = approximateTokens(piece);
    if (completionTokens + tokens > maxTokens) {
      finishReason = "length";
      break;
    }
    pieces.push(piece);
    completionTokens += tokens;
  }
  const promptTokens = approximatePromptTokens(request.messages);
  return {
    pieces,
    finishReason,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

/** `text` in runs of JSON_PIECE_LENGTH characters, never splitting a surrogate pair. */
function jsonPieces(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + JSON_PIECE_LENGTH, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
