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
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => compareCodePoints(a, b));
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

/** A JSON string with every non-ASCII character escaped (UTF-16 code units, as Python does). */
function pythonString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const char = text[i]!;
    if (char === '"') out += '\\"';
    else if (char === "\\") out += "\\\\";
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (char === "\b") out += "\\b";
    else if (char === "\f") out += "\\f";
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `${out}"`;
}

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
