/**
 * Approximate token count. No tokenizer runs locally, so this uses OpenAI's published rule of
 * thumb of about four characters of English text per token, rounded up (so non-empty text is at
 * least one token). Used for chat usage and for the token counts of training steps.
 */
export function approximateTokens(text: string): number {
  return approximateTokensOfLength(text.length);
}

function approximateTokensOfLength(characters: number): number {
  return Math.ceil(characters / 4);
}

/** OpenAI's guidance counts a few tokens of framing per chat message besides its content. */
export const TOKENS_PER_MESSAGE = 4;

/**
 * The approximate prompt size of a chat request: framing plus each message's content. Linear in
 * the number of messages and content parts, and constant per string (only lengths are read), so
 * a huge prompt costs nothing to measure before it is refused.
 */
export function approximatePromptTokens(messages: readonly { content?: unknown }[]): number {
  let tokens = 0;
  for (const message of messages)
    tokens += TOKENS_PER_MESSAGE + approximateTokensOfLength(contentLength(message.content));
  return tokens;
}

/** The text of a message's content: a string, or the `text` of OpenAI content parts. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map(partText).join("");
}

/** contentText(content).length without building the text. */
export function contentLength(content: unknown): number {
  if (typeof content === "string") return content.length;
  if (!Array.isArray(content)) return 0;
  let length = 0;
  for (const part of content) length += partText(part).length;
  return length;
}

function partText(part: unknown): string {
  return part && typeof part === "object" && "text" in part && typeof part.text === "string" ? part.text : "";
}
