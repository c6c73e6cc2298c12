/** A half-open range [start, end) of characters of a model ID that a search token matched. */
export type MatchRange = readonly [start: number, end: number];

/** The words of a search box, lower-cased: "Llama  70B" -> ["llama", "70b"]. */
export function queryTokens(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The text reduced to lower-case letters and digits, with where each kept character was, so a
 * match in the reduced text can be mapped back for highlighting.
 */
function compactForm(text: string): { compact: string; positions: number[] } {
  let compact = "";
  const positions: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!.toLowerCase();
    if (/[\p{L}\p{N}]/u.test(char)) {
      compact += char;
      positions.push(i);
    }
  }
  return { compact, positions };
}

/**
 * Where one token occurs in the ID: as typed (case-insensitive), or else ignoring punctuation on
 * both sides, so "llama33", "gptoss" and "qwen3-coder" find "Llama-3.3", "gpt-oss" and "Qwen3-Coder".
 */
function findToken(lowerId: string, compactId: ReturnType<typeof compactForm>, token: string): MatchRange | null {
  const direct = lowerId.indexOf(token);
  if (direct >= 0) return [direct, direct + token.length];
  const compactToken = compactForm(token).compact;
  if (compactToken === "") return null;
  const at = compactId.compact.indexOf(compactToken);
  if (at < 0) return null;
  return [compactId.positions[at]!, compactId.positions[at + compactToken.length - 1]! + 1];
}

function mergeRanges(ranges: MatchRange[]): MatchRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Matches a model ID against what was typed in the search box: every word must occur in the ID,
 * in any order, ignoring case (and punctuation when needed). Returns the matched ranges for
 * highlighting ([] for an empty query), or null when the ID does not match.
 */
export function matchModelId(id: string, query: string): MatchRange[] | null {
  const tokens = queryTokens(query);
  if (tokens.length === 0) return [];
  const lowerId = id.toLowerCase();
  const compactId = compactForm(id);
  const ranges: MatchRange[] = [];
  for (const token of tokens) {
    const range = findToken(lowerId, compactId, token);
    if (!range) return null;
    ranges.push(range);
  }
  return mergeRanges(ranges);
}

export function matchesQuery(id: string, query: string): boolean {
  return matchModelId(id, query) !== null;
}

/** The ID cut into plain and matched pieces, in order, for rendering with <mark>. */
export function splitByRanges(text: string, ranges: readonly MatchRange[]): { text: string; matched: boolean }[] {
  const pieces: { text: string; matched: boolean }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) pieces.push({ text: text.slice(at, start), matched: false });
    pieces.push({ text: text.slice(start, end), matched: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), matched: false });
  return pieces;
}
