import type { Context } from "hono";
import { echo } from "./echo";
import { RequestValidationError, ServiceError } from "./errors";
import { requestBytes } from "./request-body";
import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Deepest nesting of arrays and objects accepted in a request body. The real (FastAPI) services
 * fail beyond Python's recursion limit (about 1000); ours stops far earlier because storing a
 * body (JSON.stringify) recurses, and a 10,000-deep body overflowed the stack there (a 500).
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Most elements accepted in any one JSON array of a request body. Real requests stay far below
 * it (an RL trajectory file holds thousands of groups; a choice's token logprobs, one entry per
 * generated token), but the 32 MB body limit alone admits a 16-million-element array: over a
 * hundred megabytes once parsed, and a handler looping over it does work no real request needs.
 */
export const MAX_JSON_ARRAY_LENGTH = 100_000;

/**
 * Most distinct property names in one request body. V8's JSON.parse gives every new set of names
 * its own hidden class: a million objects of one unique name each (16 MB) cost seconds and
 * hundreds of MB to parse; 10,000 are cheap. Real bodies repeat a few dozen names (role, content, reward, ...).
 */
export const MAX_JSON_PROPERTY_NAMES = 10_000;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The request body as parsed JSON, read the way FastAPI reads a JSON body parameter:
 * - a Content-Type other than JSON (`application/json`, `application/*+json`) is a 422 on `body`
 *   (FastAPI then validates the raw bytes, which are not an object); no Content-Type means JSON;
 * - bytes that are not UTF-8 are a 400 "There was an error parsing the body" rather than being
 *   silently replaced with U+FFFD (which would store something the client never sent);
 * - JSON nested deeper than MAX_JSON_DEPTH, or with more than MAX_JSON_PROPERTY_NAMES distinct
 *   property names, is a 400, and an array longer than MAX_JSON_ARRAY_LENGTH a 422 on that array
 *   (see tooLongArray), all found before parsing;
 * - malformed JSON is a 422 `json_invalid` at the error's position;
 * - a string with a lone surrogate escape (`"\\ud800"`) is a 422 on that field, not stored mangled;
 * - a body of LARGE_BODY_BYTES or more waits its turn and is read in steps (see below).
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  return parseJsonBytes(await readBodyBytes(c));
}

/** Whether the request's Content-Type, if any, is one readJsonBody reads as JSON (no Content-Type means JSON). */
export function isJsonBody(c: Context): boolean {
  const contentType = c.req.header("content-type")?.trim();
  return !contentType || isJsonContentType(contentType);
}

/** The request body's bytes, after the Content-Type check of readJsonBody (a 422 for a non-JSON type). */
export async function readBodyBytes(c: Context): Promise<Uint8Array> {
  const bytes = await requestBytes(c);
  const contentType = c.req.header("content-type")?.trim();
  if (bytes.length > 0 && contentType && !isJsonContentType(contentType)) {
    throw new RequestValidationError([
      {
        loc: ["body"],
        msg: `Input should be a valid dictionary or object to extract fields from: the body was sent as '${echo(mediaType(contentType))}'; send JSON with Content-Type: application/json`,
        type: "model_attributes_type",
      },
    ]);
  }
  return bytes;
}

/**
 * JSON body bytes parsed as readJsonBody describes. A body of LARGE_BODY_BYTES or more waits its
 * turn and is read in steps, unless `inOneGo` (a worker thread, whose event loop serves no one).
 */
export function parseJsonBytes(bytes: Uint8Array, options: { inOneGo?: boolean } = {}): Promise<unknown> {
  if (bytes.length < LARGE_BODY_BYTES || options.inOneGo) return parseBody(bytes, false);
  return largeBodies.run(() => parseBody(bytes, true));
}

/**
 * Bodies at least this large are read one at a time, in steps (decoding; scanning STEP_CHARS at
 * a time; parsing) with the event loop free between them. Decoding, scanning and parsing a 2 MiB
 * body is tens of milliseconds of CPU; done in one go by several requests at once, /health would wait
 * behind all of them.
 */
const LARGE_BODY_BYTES = 64 * 1024;
const STEP_CHARS = 256 * 1024;
const largeBodies = oneAtATime();

/** Runs tasks one after another, in the order they arrive; a waiting task blocks nothing. */
function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

/** Decodes, scans and parses `bytes`; with `stepped`, lets other work run between steps. */
async function parseBody(bytes: Uint8Array, stepped: boolean): Promise<unknown> {
  let text: string;
  try {
    // One step: decoding is the cheapest part, and slices joined again cost more.
    text = utf8.decode(bytes);
  } catch {
    throw new ServiceError(400, "There was an error parsing the body: it is not valid UTF-8 text.", "invalid_body");
  }
  // Checked before parsing, so an absurdly deep or long body costs one linear scan and nothing more.
  const steps = scanJson(text);
  let next = steps.next();
  while (!next.done) {
    if (stepped) await nextTurn();
    next = steps.next();
  }
  const scan = next.value;
  if (scan.tooDeep) {
    throw new ServiceError(
      400,
      `There was an error parsing the body: JSON nested more than ${MAX_JSON_DEPTH} levels deep is not accepted.`,
      "invalid_body",
    );
  }
  if (scan.tooManyNames) {
    throw new ServiceError(
      400,
      `There was an error parsing the body: JSON with more than ${MAX_JSON_PROPERTY_NAMES} distinct property names is not accepted.`,
      "invalid_body",
    );
  }
  if (scan.tooLongArray) throw new RequestValidationError([tooLongArray(scan.tooLongArray)]);
  if (stepped) await nextTurn();
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    throw new RequestValidationError([
      { loc: ["body", Number(position ?? 0)], msg: "JSON decode error", type: "json_invalid" },
    ]);
  }
  // Only a `\uD800`-`\uDFFF` escape can put half a pair into the parsed value (the UTF-8 decoder
  // rejects encoded surrogates), so most bodies skip the walk.
  const broken = scan.surrogateEscape ? loneSurrogatePath(data) : undefined;
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

/**
 * The 422 for an array over MAX_JSON_ARRAY_LENGTH, worded as pydantic words a list over its
 * `max_length` (`too_long`) and placed at the array. A 422 rather than a 413: the body is within
 * the size limit, and a FastAPI-shaped client (the dashboard among them) shows a 422's `detail[]`
 * next to the field it names, which tells the user which list to shorten; a 413 names nothing.
 */
function tooLongArray(loc: (string | number)[]) {
  return {
    loc: ["body", ...loc],
    msg: `List should have at most ${MAX_JSON_ARRAY_LENGTH} items: no JSON array in a request body may be longer`,
    type: "too_long",
  };
}

type Scan = {
  tooDeep?: boolean;
  tooManyNames?: boolean;
  /** Where (below `body`) the first array longer than MAX_JSON_ARRAY_LENGTH is. */
  tooLongArray?: (string | number)[];
  /** Whether a string holds a `\uD800`-`\uDFFF` escape. */
  surrogateEscape: boolean;
};

/**
 * One pass over the text, valid JSON or not, without parsing it (pausing every STEP_CHARS): whether `[`/`{` (outside
 * strings) nest deeper than MAX_JSON_DEPTH, whether more than MAX_JSON_PROPERTY_NAMES distinct
 * property names (as written, escapes and all) appear, where an array first grows past
 * MAX_JSON_ARRAY_LENGTH elements (counted by its commas), and whether any surrogate is escaped.
 * Per level it remembers, in fixed-size arrays, whether the container is an array, how many
 * commas it has seen, and (in an object) where its latest key is, from which the path of a long
 * array is rebuilt; it allocates nothing per value, only per new property name.
 */
function* scanJson(text: string): Generator<void, Scan, void> {
  const isArray = new Uint8Array(MAX_JSON_DEPTH + 1);
  const commas = new Int32Array(MAX_JSON_DEPTH + 1);
  const keyStart = new Int32Array(MAX_JSON_DEPTH + 1);
  const keyEnd = new Int32Array(MAX_JSON_DEPTH + 1);
  const expectingKey = new Uint8Array(MAX_JSON_DEPTH + 1);
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let surrogateEscape = false;
  const names = new Set<string>();
  let pauseAt = STEP_CHARS;
  // Where the next quote and backslash are (-1: none left), so a string's contents are skipped by
  // indexOf rather than walked character by character: most of a large body is string contents.
  let nextQuote = -2;
  let nextBackslash = -2;
  for (let i = 0; i < text.length; i += 1) {
    // A pause point every STEP_CHARS characters (readJsonBody lets other requests run there).
    if (i >= pauseAt) {
      pauseAt = i + STEP_CHARS;
      yield;
    }
    if (inString) {
      if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf('"', i);
      if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf("\\", i);
      const stop = nextBackslash !== -1 && (nextBackslash < nextQuote || nextQuote === -1) ? nextBackslash : nextQuote;
      if (stop === -1) break; // an unterminated string: JSON.parse will say where
      i = stop;
    }
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) {
        // A backslash escapes the next character; `\uD8..`-`\uDF..` is a surrogate.
        if (text.charCodeAt(i + 1) === 0x75 && isSurrogateEscape(text, i + 2)) surrogateEscape = true;
        i += 1;
      } else if (ch === 0x22) {
        inString = false;
        if (depth > 0 && expectingKey[depth] === 1) {
          keyStart[depth] = stringStart;
          keyEnd[depth] = i + 1;
          expectingKey[depth] = 0;
          const name = text.slice(stringStart + 1, i);
          if (!names.has(name)) {
            names.add(name);
            if (names.size > MAX_JSON_PROPERTY_NAMES) return { tooManyNames: true, surrogateEscape };
          }
        }
      }
    } else if (ch === 0x22) {
      inString = true;
      stringStart = i;
    } else if (ch === 0x5b || ch === 0x7b) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return { tooDeep: true, surrogateEscape };
      isArray[depth] = ch === 0x5b ? 1 : 0;
      commas[depth] = 0;
      expectingKey[depth] = ch === 0x7b ? 1 : 0;
      keyStart[depth] = -1;
    } else if (ch === 0x5d || ch === 0x7d) {
      if (depth > 0) depth -= 1;
    } else if (ch === 0x2c && depth > 0) {
      if (isArray[depth] === 1) {
        const seen = commas[depth]! + 1;
        commas[depth] = seen;
        // The comma before element number MAX_JSON_ARRAY_LENGTH + 1.
        if (seen >= MAX_JSON_ARRAY_LENGTH) {
          const path: (string | number)[] = [];
          for (let level = 1; level < depth; level += 1) {
            path.push(isArray[level] === 1 ? commas[level]! : keyAt(text, keyStart[level]!, keyEnd[level]!));
          }
          return { tooLongArray: path, surrogateEscape };
        }
      } else {
        expectingKey[depth] = 1;
      }
    }
  }
  return { surrogateEscape };
}

/** `D8`-`DF` (either case) at `at`: the first two hex digits of a `\u` escape of a surrogate. */
function isSurrogateEscape(text: string, at: number): boolean {
  const d = text.charCodeAt(at) | 0x20;
  const second = text.charCodeAt(at + 1) | 0x20;
  return d === 0x64 && ((second >= 0x38 && second <= 0x39) || (second >= 0x61 && second <= 0x66));
}

/** The property name whose quoted text spans `start`..`end`, unescaped when it is valid JSON. */
function keyAt(text: string, start: number, end: number): string {
  if (start < 0) return "";
  const quoted = text.slice(start, end);
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where a string (or a property name) holds half a surrogate pair, which JSON's `\uXXXX` escapes
 * can express but Unicode text cannot: SQLite would store it as three U+FFFD, so what the client
 * reads back would differ from what it sent. Depth-first and iterative (bodies may be wide and
 * deep); the path is the stack of open containers, so memory grows with depth, not with width.
 */
function loneSurrogatePath(root: unknown): (string | number)[] | undefined {
  if (typeof root === "string") return LONE_SURROGATE.test(root) ? [] : undefined;
  type Frame = { values: unknown[]; keys: string[] | undefined; next: number };
  const frames: Frame[] = [];
  const open = (value: unknown) => {
    if (Array.isArray(value)) frames.push({ values: value, keys: undefined, next: 0 });
    else if (value !== null && typeof value === "object")
      frames.push({ values: Object.values(value), keys: Object.keys(value), next: 0 });
  };
  const pathTo = (last: string | number) => [
    ...frames.slice(0, -1).map((f) => (f.keys ? f.keys[f.next - 1]! : f.next - 1)),
    last,
  ];
  open(root);
  while (frames.length > 0) {
    const frame = frames.at(-1)!;
    if (frame.next === frame.values.length) {
      frames.pop();
      continue;
    }
    const index = frame.next;
    frame.next += 1;
    const key = frame.keys?.[index];
    if (key !== undefined && LONE_SURROGATE.test(key)) return pathTo(key);
    const value = frame.values[index];
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) return pathTo(key ?? index);
    } else {
      open(value);
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
