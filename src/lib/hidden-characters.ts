/**
 * Invisible characters that change how text reads: bidirectional controls (a right-to-left
 * override makes `\u202Erewsna.tnega` display as `agent.answer`) and zero-width characters (two
 * ids that look the same but differ). Untrusted identifiers show them as visible markers, the way
 * code hosts do, instead of letting them act.
 */

/** Code point → what it is called, for the marker's label. */
const NAMES: Readonly<Record<number, string>> = {
  0x061c: "arabic letter mark",
  0x200b: "zero width space",
  0x200c: "zero width non-joiner",
  0x200d: "zero width joiner",
  0x200e: "left-to-right mark",
  0x200f: "right-to-left mark",
  0x202a: "left-to-right embedding",
  0x202b: "right-to-left embedding",
  0x202c: "pop directional formatting",
  0x202d: "left-to-right override",
  0x202e: "right-to-left override",
  0x2060: "word joiner",
  0x2066: "left-to-right isolate",
  0x2067: "right-to-left isolate",
  0x2068: "first strong isolate",
  0x2069: "pop directional isolate",
  0xfeff: "zero width no-break space",
};

/**
 * Which characters to reveal. `all` for identifiers (names, ids, paths, messages): nothing
 * invisible belongs there. `controls` for prose such as a model's answer: only the explicit
 * embeddings, overrides and isolates are revealed; the marks (LRM, RLM, ALM) and joiners (ZWJ,
 * ZWNJ) are ordinary parts of Arabic, Persian and Hebrew writing and of emoji, and stay as written.
 */
export type RevealMode = "all" | "controls";

const PATTERNS: Readonly<Record<RevealMode, RegExp>> = {
  all: /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g,
  controls: /[\u202A-\u202E\u2066-\u2069]/g,
};

export type HiddenCharacter = { code: string; name: string };
export type TextPart = string | HiddenCharacter;

function describe(char: string): HiddenCharacter {
  const point = char.codePointAt(0) ?? 0;
  return {
    code: `U+${point.toString(16).toUpperCase().padStart(4, "0")}`,
    name: NAMES[point] ?? "invisible character",
  };
}

/** True when `text` holds a character `mode` reveals. */
export function hasHiddenCharacters(text: string, mode: RevealMode = "all"): boolean {
  const pattern = PATTERNS[mode];
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}

/** The text cut into plain runs and the hidden characters between them, in order; one pass. */
export function splitHiddenCharacters(text: string, mode: RevealMode = "all"): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(PATTERNS[mode])) {
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push(describe(match[0]));
    from = match.index + 1;
  }
  if (from < text.length || parts.length === 0) parts.push(text.slice(from));
  return parts;
}

/** The marker that stands for a hidden character, e.g. `⟨U+202E⟩`. */
export const markerText = (hidden: HiddenCharacter): string => `⟨${hidden.code}⟩`;

/** `text` with every hidden character replaced by its marker: for a title, tooltip or label. */
export function revealHiddenCharacters(text: string, mode: RevealMode = "all"): string {
  return text.replace(PATTERNS[mode], (char) => markerText(describe(char)));
}
