/**
 * Approximate token count. No tokenizer runs locally, so this uses OpenAI's published rule of
 * thumb of about four characters of English text per token, rounded up (so non-empty text is at
 * least one token). Used for chat usage and for the token counts of training steps.
 */
export function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The text of a message's content: a string, or the `text` of OpenAI content parts. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: unknown) =>
      part && typeof part === "object" && "text" in part && typeof part.text === "string" ? part.text : "",
    )
    .join("");
}
