import { createHash } from "node:crypto";

/**
 * Content digests as the trace server computes them, so a ref made here reads the same as one
 * made upstream: SHA-256 over the value serialised like Python's `json.dumps(val, sort_keys=True)`
 * (`", "` and `": "` separators, non-ASCII escaped as `\uXXXX`), in URL-safe base64 with `-` and
 * `_` replaced by `X` and `Y` and no padding (43 characters).
 *
 * One difference remains: Python writes a float that holds a whole number as `1.0`, JSON parsing
 * in JavaScript cannot tell `1.0` from `1`, so such values digest as integers here.
 */
export function objectDigest(val: unknown): string {
  const hash = createHash("sha256").update(pythonJson(val), "utf8").digest("base64url");
  return hash.replaceAll("-", "X").replaceAll("_", "Y");
}

/** `json.dumps(value, sort_keys=True)` of Python, for JSON values. */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return pythonNumber(value);
  if (typeof value === "string") return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    SURROGATE.test(a) || SURROGATE.test(b) ? compareCodePoints(a, b) : a < b ? -1 : a > b ? 1 : 0,
  );
  return `{${entries.map(([key, item]) => `${pythonString(key)}: ${pythonJson(item)}`).join(", ")}}`;
}

function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  // A JSON integer stays an integer in Python, written in full.
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
  // Python's float repr turns to exponent form below 1e-4 (JavaScript only below 1e-6), with a two-digit exponent.
  if (Math.abs(value) < 1e-4) return value.toExponential().replace(/e([+-])(\d)$/, "e$10$2");
  return String(value);
}

/**
 * A JSON string with every character outside printable ASCII escaped (UTF-16 code units, as
 * Python's `ensure_ascii` does). JSON.stringify already writes `\"`, `\\`, `\b\f\n\r\t` and
 * `\u00xx` for other control characters exactly as Python does, and lone surrogates as `\udxxx`;
 * what is left to escape is DEL and everything above it. One regex pass: a character-by-character
 * loop made digesting a 100,000-row table (30 MB) take over a second.
 */
function pythonString(text: string): string {
  return JSON.stringify(text).replace(
    NOT_PRINTABLE_ASCII,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/g;

const SURROGATE = /[\ud800-\udfff]/;

/** Python sorts keys by code point; JavaScript's default sort compares UTF-16 units, which differs past U+FFFF. */
function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}
