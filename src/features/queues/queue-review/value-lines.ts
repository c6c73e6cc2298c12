/**
 * A value as lines of text, produced a slice at a time so a 5 MB call never holds the page for
 * long: each `extend` appends lines until its deadline and says whether it is done. The JSON printer
 * keeps its own stack instead of recursing (JSON.stringify throws on deep enough nesting, and a
 * call's output may be nested thousands of levels).
 */
export interface LineSource {
  /** Appends lines to `lines` until `deadline` (a performance.now() time) or the end; true when done. */
  extend(lines: string[], deadline: number): boolean;
}

/** How often (in lines) a source looks at the clock. */
const CLOCK_EVERY = 256;
/** Indentation grows to this many levels and then stays: 3,000 levels would indent by 6,000 spaces. */
const MAX_INDENT_LEVELS = 40;
const INDENTS = Array.from({ length: MAX_INDENT_LEVELS + 1 }, (_, n) => "  ".repeat(n));
const indent = (depth: number): string => INDENTS[Math.min(depth, MAX_INDENT_LEVELS)] as string;

/** A leaf as JSON; the only non-JSON value a call can hold here is `undefined`. */
const scalarJson = (value: unknown): string =>
  value === undefined ? "undefined" : (JSON.stringify(value) ?? String(value));

type Frame = { node: object; keys: string[] | null; count: number; index: number; depth: number; close: string };

/** Pretty-printed JSON, two spaces per level, one entry per line. */
export function jsonLines(value: unknown): LineSource {
  const stack: Frame[] = [];
  let started = false;

  function open(node: unknown, depth: number, label: string, comma: string, lines: string[]): void {
    if (node === null || typeof node !== "object") {
      lines.push(`${indent(depth)}${label}${scalarJson(node)}${comma}`);
      return;
    }
    const keys = Array.isArray(node) ? null : Object.keys(node);
    const count = keys ? keys.length : (node as unknown[]).length;
    const [start, end] = keys ? ["{", "}"] : ["[", "]"];
    if (count === 0) {
      lines.push(`${indent(depth)}${label}${start}${end}${comma}`);
      return;
    }
    lines.push(`${indent(depth)}${label}${start}`);
    stack.push({ node, keys, count, index: 0, depth, close: `${indent(depth)}${end}${comma}` });
  }

  return {
    extend(lines, deadline) {
      if (!started) {
        started = true;
        open(value, 0, "", "", lines);
      }
      let sinceClock = 0;
      while (stack.length > 0) {
        const frame = stack[stack.length - 1] as Frame;
        if (frame.index < frame.count) {
          const i = frame.index++;
          const comma = i < frame.count - 1 ? "," : "";
          if (frame.keys) {
            const key = frame.keys[i] as string;
            open(
              (frame.node as Record<string, unknown>)[key],
              frame.depth + 1,
              `${JSON.stringify(key)}: `,
              comma,
              lines,
            );
          } else {
            open((frame.node as unknown[])[i], frame.depth + 1, "", comma, lines);
          }
        } else {
          stack.pop();
          lines.push(frame.close);
        }
        if (++sinceClock >= CLOCK_EVERY) {
          sinceClock = 0;
          if (performance.now() >= deadline) return stack.length === 0;
        }
      }
      return true;
    },
  };
}

/** A text's own lines (split at line breaks). */
export function textLines(text: string): LineSource {
  let at = 0;
  let done = false;
  return {
    extend(lines, deadline) {
      let sinceClock = 0;
      while (!done) {
        const end = text.indexOf("\n", at);
        if (end === -1) {
          lines.push(text.slice(at));
          done = true;
        } else {
          lines.push(text.slice(at, end));
          at = end + 1;
        }
        if (++sinceClock >= CLOCK_EVERY) {
          sinceClock = 0;
          if (performance.now() >= deadline) break;
        }
      }
      return done;
    },
  };
}

/** Every line at once: for tests and small values. */
export function allLines(source: LineSource): string[] {
  const lines: string[] = [];
  while (!source.extend(lines, Number.POSITIVE_INFINITY));
  return lines;
}

/**
 * Where each of the first `count` lines' screen rows start when lines wrap every `columns`
 * characters: `starts[i]` is the first row of line i, `starts[count]` the number of rows. Rows are
 * what the viewer windows, so one 5 MB line is 50,000 short rows rather than one row 5 MB wide.
 */
export function rowStarts(lines: readonly string[], columns: number, count: number = lines.length): Uint32Array {
  const starts = new Uint32Array(count + 1);
  let row = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = row;
    row += Math.max(1, Math.ceil((lines[i] as string).length / columns));
  }
  starts[count] = row;
  return starts;
}

/** The line that screen row `row` belongs to (binary search over `starts`). */
export function lineOfRow(starts: Uint32Array, row: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= row) low = mid;
    else high = mid - 1;
  }
  return low;
}
