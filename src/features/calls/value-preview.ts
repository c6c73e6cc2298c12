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
