import type { ChatMessage } from "../../contract/chat";
import { contentText } from "./tokens";

/** Characters of the prompt the reply quotes. */
const EXCERPT_LENGTH = 160;

/**
 * The reply of the local simulation: deterministic, built from the prompt, and saying plainly
 * that no language model wrote it. `label` is the model (or checkpoint) that was asked.
 */
export function simulatedReplyText(label: string, messages: readonly ChatMessage[]): string {
  const lastUser = messages.findLast((m) => m.role === "user") ?? messages[messages.length - 1];
  const { words, excerpt, cut } = readPrompt(contentText(lastUser?.content));
  return (
    `[Local simulation of ${label}] No language model runs on this server, so this is a deterministic ` +
    `stand-in reply to your last message (${words} word${words === 1 ? "" : "s"}): "${excerpt}${cut ? "…" : ""}"`
  );
}

/**
 * The prompt's word count and its first EXCERPT_LENGTH characters with whitespace runs folded to
 * one space and the ends trimmed: what `text.replace(/\s+/g, " ").trim()` then `split(" ")` gives,
 * in one pass that allocates only the excerpt. A regex and a split would build a copy and an
 * array of every word: seconds of CPU and gigabytes for a prompt of tens of MB.
 */
function readPrompt(text: string): { words: number; excerpt: string; cut: boolean } {
  let words = 0;
  let excerpt = "";
  let excerptLength = 0;
  let cut = false;
  let inWord = false;
  const keep = (piece: string) => {
    if (excerptLength < EXCERPT_LENGTH) {
      excerpt += piece;
      excerptLength += 1;
    } else {
      cut = true;
    }
  };
  for (let i = 0; i < text.length; i += 1) {
    if (isWhitespace(text.charCodeAt(i))) {
      inWord = false;
      continue;
    }
    if (!inWord) {
      inWord = true;
      words += 1;
      // A space before every word but the first: the folded run of whitespace.
      if (words > 1) keep(" ");
    }
    keep(text[i]!);
  }
  return { words, excerpt, cut };
}

/** What `\s` matches in a JavaScript regular expression. */
function isWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
