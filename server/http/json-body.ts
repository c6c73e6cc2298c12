import type { Context } from "hono";
import { RequestValidationError, ServiceError } from "./errors";

/**
 * Deepest nesting of arrays and objects accepted in a request body. The real (FastAPI) services
 * fail beyond Python's recursion limit (about 1000); ours stops far earlier because storing a
 * body (JSON.stringify) recurses, and a 10,000-deep body overflowed the stack there (a 500).
 */
export const MAX_JSON_DEPTH = 256;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The request body as parsed JSON, read the way FastAPI reads a JSON body parameter:
 * - a Content-Type other than JSON (`application/json`, `application/*+json`) is a 422 on `body`
 *   (FastAPI then validates the raw bytes, which are not an object); no Content-Type means JSON;
 * - bytes that are not UTF-8 are a 400 "There was an error parsing the body" rather than being
 *   silently replaced with U+FFFD (which would store something the client never sent);
 * - malformed JSON is a 422 `json_invalid` at the error's position;
 * - a string with a lone surrogate escape (`"\\ud800"`) is a 422 on that field, not stored mangled.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const contentType = c.req.header("content-type")?.trim();
  if (bytes.length > 0 && contentType && !isJsonContentType(contentType)) {
    throw new RequestValidationError([
      {
        loc: ["body"],
        msg: `Input should be a valid dictionary or object to extract fields from: the body was sent as '${mediaType(contentType)}'; send JSON with Content-Type: application/json`,
        type: "model_attributes_type",
      },
    ]);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ServiceError(400, "There was an error parsing the body: it is not valid UTF-8 text.", "invalid_body");
  }
  // Checked before parsing, so an absurdly deep body costs one linear scan and nothing more.
  if (exceedsDepth(text, MAX_JSON_DEPTH)) {
    throw new ServiceError(400, `There was an error parsing the body: JSON nested more than ${MAX_JSON_DEPTH} levels deep is not accepted.`, "invalid_body");
  }
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    throw new RequestValidationError([{ loc: ["body", Number(position ?? 0)], msg: "JSON decode error", type: "json_invalid" }]);
  }
  const broken = loneSurrogatePath(data);
  if (broken) {
    throw new RequestValidationError([
      {
        loc: ["body", ...broken],
        msg: "Input should be a valid string: it contains a lone surrogate escape (\\ud800-\\udfff), which is not Unicode text",
        type: "string_unicode",
      },
    ]);
  }
  return data;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where a string (or a property name) holds half a surrogate pair, which JSON's `\uXXXX` escapes
 * can express but Unicode text cannot: SQLite would store it as three U+FFFD, so what the client
 * reads back would differ from what it sent. Iterative, as bodies may be wide.
 */
function loneSurrogatePath(root: unknown): (string | number)[] | undefined {
  const stack: [unknown, (string | number)[]][] = [[root, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push([v, [...path, i]]));
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (LONE_SURROGATE.test(k)) return [...path, k];
        stack.push([v, [...path, k]]);
      }
    }
  }
  return undefined;
}

function mediaType(contentType: string): string {
  return (contentType.split(";", 1)[0] ?? "").trim().toLowerCase();
}

function isJsonContentType(contentType: string): boolean {
  const type = mediaType(contentType);
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** True when `[`/`{` (outside strings) nest deeper than `limit`; valid or not, the text is not parsed. */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}
