/**
 * A value in one line for a table cell: compact JSON, at most `maxChars` characters. Built
 * piece by piece with a budget, so a 5 MB output or 3,000 levels of nesting cost no more than the
 * preview shown (never `JSON.stringify` of the whole value). Strings at the top show without quotes.
 */
export const PREVIEW_MAX_CHARS = 160;
const MAX_DEPTH = 12;

export function previewValue(value: unknown, maxChars = PREVIEW_MAX_CHARS): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return oneLine(value.length > maxChars ? `${value.slice(0, maxChars)}…` : value);
  const out: string[] = [];
  let length = 0;
  const full = () => length >= maxChars;
  const write = (text: string) => {
    if (full()) return;
    const room = maxChars - length;
    const piece = text.length > room ? text.slice(0, room) : text;
    out.push(piece);
    length += piece.length;
  };
  const visit = (v: unknown, depth: number) => {
    if (full()) return;
    if (v === null || typeof v !== "object") {
      write(typeof v === "string" ? JSON.stringify(v.length > maxChars ? v.slice(0, maxChars) : v) : String(v));
      return;
    }
    if (depth >= MAX_DEPTH) {
      write(Array.isArray(v) ? "[…]" : "{…}");
      return;
    }
    if (Array.isArray(v)) {
      write("[");
      for (let i = 0; i < v.length && !full(); i++) {
        if (i > 0) write(", ");
        visit(v[i], depth + 1);
      }
      write("]");
      return;
    }
    write("{");
    let first = true;
    for (const key in v as Record<string, unknown>) {
      if (full()) break;
      if (!Object.hasOwn(v, key)) continue;
      if (!first) write(", ");
      first = false;
      write(`${key}: `);
      visit((v as Record<string, unknown>)[key], depth + 1);
    }
    write("}");
  };
  visit(value, 0);
  const text = out.join("");
  return oneLine(full() ? `${text}…` : text);
}

/** Line breaks and tabs as spaces: a cell holds one line. */
const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, " ");

/**
 * What a call was asked, in one line: the last chat message's text when the inputs hold a
 * `messages` list (the usual LLM call), else the inputs as compact JSON.
 */
export function inputsPreview(inputs: Record<string, unknown> | null | undefined): string {
  if (!inputs) return "";
  const messages = inputs.messages;
  if (Array.isArray(messages)) {
    for (let i = messages.length - 1; i >= 0; i--) {
      const message: unknown = messages[i];
      if (message && typeof message === "object" && typeof (message as { content?: unknown }).content === "string") {
        const { role, content } = message as { role?: unknown; content: string };
        return previewValue(typeof role === "string" ? `${role}: ${content}` : content);
      }
    }
  }
  return previewValue(inputs);
}

/**
 * What a call answered, in one line: a text output as it is, a chat completion's first message,
 * an object's `content`/`answer`/`text` when it is text, else the output as compact JSON.
 */
export function outputPreview(output: unknown): string {
  if (typeof output === "string") return previewValue(output);
  if (output && typeof output === "object" && !Array.isArray(output)) {
    const record = output as Record<string, unknown>;
    const choices = record.choices;
    if (Array.isArray(choices)) {
      const message: unknown = (choices[0] as { message?: unknown } | undefined)?.message;
      const content = message && typeof message === "object" ? (message as { content?: unknown }).content : undefined;
      if (typeof content === "string") return previewValue(content);
    }
    for (const key of ["content", "answer", "text"])
      if (typeof record[key] === "string") return previewValue(record[key]);
  }
  return previewValue(output);
}
