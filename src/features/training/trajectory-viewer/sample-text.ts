import type { Trajectory } from "@contract/training";

/**
 * What a trajectory viewer shows of a trajectory: each message as a role and plain text, the
 * answer (a choice) marked, and long texts cut so that a preview of a few samples stays small
 * however large the data is.
 */

/** Characters of a message shown before it folds. */
export const FOLD_AT = 280;
/** Characters of a folded message shown when it is opened; the rest is counted, not rendered. */
export const OPEN_AT = 20_000;
/** Messages of one trajectory shown: the first few (the instructions) and the last (where the answer is). */
export const HEAD_MESSAGES = 2;
export const TAIL_MESSAGES = 4;

export type SampleMessage = { role: string; text: string; answer: boolean };
export type SampleTrajectory = { reward: number; shown: SampleMessage[]; hiddenBefore: number; hiddenAt: number };

type Item = Trajectory["messages_and_choices"][number];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A content's text: a string as it is; content parts by their text (other parts named by type); none said so. */
export function contentText(content: unknown, message: Record<string, unknown> = {}): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        isRecord(part) && typeof part.text === "string"
          ? part.text
          : isRecord(part) && typeof part.type === "string"
            ? `[${part.type}]`
            : "[part]",
      )
      .join("\n");
  }
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  if (calls.length > 0) {
    const names = calls.map((call) =>
      isRecord(call) && isRecord(call.function) && typeof call.function.name === "string"
        ? call.function.name
        : "a tool",
    );
    return `(no text; calls ${names.join(", ")})`;
  }
  return "(no text)";
}

function sampleMessage(item: Item): SampleMessage {
  if ("message" in item && isRecord(item.message)) {
    const message = item.message as Record<string, unknown>;
    return {
      role: typeof message.role === "string" ? message.role : "assistant",
      text: contentText(message.content, message),
      answer: true,
    };
  }
  const message = item as Record<string, unknown>;
  return {
    role: typeof message.role === "string" ? message.role : "?",
    text: contentText(message.content, message),
    answer: false,
  };
}

/** The messages to show of one trajectory: all of a short one; of a long one the first and the last few, the rest counted. */
export function sampleTrajectory(trajectory: Trajectory): SampleTrajectory {
  const items = trajectory.messages_and_choices;
  if (items.length <= HEAD_MESSAGES + TAIL_MESSAGES)
    return { reward: trajectory.reward, shown: items.map(sampleMessage), hiddenBefore: 0, hiddenAt: 0 };
  const head = items.slice(0, HEAD_MESSAGES).map(sampleMessage);
  const tail = items.slice(-TAIL_MESSAGES).map(sampleMessage);
  return {
    reward: trajectory.reward,
    shown: [...head, ...tail],
    hiddenBefore: items.length - HEAD_MESSAGES - TAIL_MESSAGES,
    hiddenAt: HEAD_MESSAGES,
  };
}

export type FoldedText = { head: string; rest: string | null; notShown: number };

/**
 * A text cut for showing: short ones whole; a long one's first FOLD_AT characters, the rest (up to
 * OPEN_AT in all) behind a fold, and how many characters are not rendered at all. Cut between
 * UTF-16 surrogates never: a cut there moves back one.
 */
export function foldText(text: string): FoldedText {
  if (text.length <= FOLD_AT) return { head: text, rest: null, notShown: 0 };
  const cut = (at: number) => (/[\uD800-\uDBFF]/.test(text[at - 1] ?? "") ? at - 1 : at);
  const headEnd = cut(FOLD_AT);
  const openEnd = cut(Math.min(text.length, OPEN_AT));
  return { head: text.slice(0, headEnd), rest: text.slice(headEnd, openEnd), notShown: text.length - openEnd };
}
