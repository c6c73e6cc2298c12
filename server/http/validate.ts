import type { Context } from "hono";
import * as z from "zod/mini";
import { RequestValidationError } from "./errors";
import { readJsonBody } from "./json-body";
import { MAX_VALIDATION_DETAIL, toValidationDetail } from "./validation-error";

/**
 * Most values (array elements, object members, scalars) one zod parse meets while the input is
 * not yet known to be valid. Zod builds an issue for every bad value (more under a union), at
 * several microseconds and a few hundred bytes each, and never stops early: a body of a million
 * bad values would take seconds and gigabytes, then overflow the stack inside zod (a 500). An input
 * up to this size is parsed in one go, every problem listed as FastAPI lists them; a bigger one
 * is first checked in windows of this size (see firstProblems).
 */
export const MAX_VALUES_PER_PARSE = 10_000;

const REPORT_INPUT: z.core.ParseContext<z.core.$ZodIssue> = { reportInput: true };

/**
 * Reads and validates a JSON body (see readJsonBody for what counts as one). Malformed JSON is a
 * 422 `json_invalid` as in FastAPI, not a 500.
 */
export async function validateJson<T extends z.core.$ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  return parseOrThrow(schema, await readJsonBody(c), "body");
}

/** Validates the path parameters (ids are bounded like ids in bodies). */
export function validatePath<T extends z.core.$ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.param(), "path");
}

/** Validates the query string (each key once; a repeated key keeps its first value, as Hono reads it). */
export function validateQuery<T extends z.core.$ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.query(), "query");
}

/**
 * `data` parsed by `schema`, or a RequestValidationError (a 422) listing up to
 * MAX_VALIDATION_DETAIL of its problems. Work on a bad input is bounded: see MAX_VALUES_PER_PARSE.
 */
export function parseOrThrow<T extends z.core.$ZodType>(
  schema: T,
  data: unknown,
  source: "body" | "query" | "path",
): z.output<T> {
  if (sizeOf(data, MAX_VALUES_PER_PARSE) > MAX_VALUES_PER_PARSE) {
    const problems = firstProblems(schema, data, MAX_VALIDATION_DETAIL);
    if (problems.length > 0) throw new RequestValidationError(toValidationDetail(problems, source));
  }
  // Small, or checked in windows and found valid. In the latter case the only problems this
  // parse can still meet are length checks of the arrays the windows split (one issue each).
  const result = z.safeParse(schema, data, REPORT_INPUT);
  if (!result.success) throw new RequestValidationError(toValidationDetail(result.error.issues, source));
  return result.data;
}

type Path = PropertyKey[];
/** Elements `from` onwards of an array at `path` (in the input's coordinates), left for a later window. */
type Rest = { path: Path; element: z.core.$ZodType; items: readonly unknown[]; from: number };
type Budget = { left: number };

/**
 * Up to `limit` of the problems of an input too big for one parse, found in windows of at most
 * about MAX_VALUES_PER_PARSE values: the first window is the input with its arrays cut short
 * once the budget runs out (see thin), and each cut-off remainder becomes further windows,
 * checked against the array's element schema. Only arrays are cut, and only below what the
 * schema says they hold, so every problem found is one the whole input has, at the same `loc`;
 * the one exception, a cut array now "too short", is dropped. Stops at `limit` problems.
 */
function firstProblems(schema: z.core.$ZodType, data: unknown, limit: number): z.core.$ZodIssue[] {
  const found: z.core.$ZodIssue[] = [];
  // Depth first, so problems come out in about the order of the input.
  const windows: (Rest | "input")[] = ["input"];
  while (windows.length > 0 && found.length < limit) {
    const next = windows.pop()!;
    const window = next === "input" ? undefined : next;
    const rest: Rest[] = [];
    const budget = { left: MAX_VALUES_PER_PARSE };
    const checked = window ? arrayOf(window.element) : schema;
    const part = window
      ? thinItems(window.element, window.items, window.from, window.path, budget, rest)
      : thin(schema, data, [], budget, rest);
    const place = (path: Path): Path => {
      if (!window) return path;
      const [index, ...below] = path;
      return typeof index === "number" ? [...window.path, index + window.from, ...below] : [...window.path, ...path];
    };
    const result = z.safeParse(checked, part, REPORT_INPUT);
    if (!result.success) {
      const cut = new Set(rest.map((r) => JSON.stringify(r.path)));
      for (const issue of result.error.issues) {
        const path = place(issue.path);
        if (issue.code === "too_small" && issue.origin === "array" && cut.has(JSON.stringify(path))) continue;
        found.push({ ...issue, path });
        if (found.length >= limit) break;
      }
    }
    for (let i = rest.length - 1; i >= 0; i -= 1) windows.push(rest[i]!);
  }
  return found;
}

type Def = {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  valueType?: z.core.$ZodType;
};

/** Wrappers that check their inner schema's children unchanged (not `catch`: it forgives what is below it, a window would not). */
const WRAPPERS = new Set(["optional", "nullable", "nonoptional", "default", "prefault", "readonly"]);
/** Checks a shortened array can fail only by being too short, which firstProblems discounts. */
const LENGTH_CHECKS = new Set(["min_length", "max_length", "length_equals"]);

/**
 * The array, object or record a schema checks children with, under its wrappers; undefined when
 * cutting an array below it could change the answer (a refinement of the whole, a pipe, a union).
 */
function containerOf(schema: z.core.$ZodType): Def | undefined {
  if (!containers.has(schema)) containers.set(schema, findContainer(schema));
  return containers.get(schema);
}
const containers = new WeakMap<z.core.$ZodType, Def | undefined>();

function findContainer(schema: z.core.$ZodType): Def | undefined {
  let def = schema._zod.def as Def;
  const checks = [...(def.checks ?? [])];
  while (def.innerType && WRAPPERS.has(def.type)) {
    def = def.innerType._zod.def as Def;
    checks.push(...(def.checks ?? []));
  }
  if (def.type !== "array" && def.type !== "object" && def.type !== "record") return undefined;
  const cuttable = checks.every((check) => def.type === "array" && LENGTH_CHECKS.has(check._zod.def.check));
  return cuttable ? def : undefined;
}

const arrays = new WeakMap<z.core.$ZodType, z.core.$ZodType>();
function arrayOf(element: z.core.$ZodType): z.core.$ZodType {
  let schema = arrays.get(element);
  if (!schema) arrays.set(element, (schema = z.array(element)));
  return schema;
}

/**
 * A copy of `value` to check against `schema`, of about `budget.left` values: arrays the schema
 * describes keep their elements while the budget lasts (always the first), and the rest go to
 * `rest`. What the schema does not describe element by element (a union, `unknown`, a wrong
 * type) is kept whole and counted.
 */
function thin(schema: z.core.$ZodType, value: unknown, path: Path, budget: Budget, rest: Rest[]): unknown {
  const def = containerOf(schema);
  if (Array.isArray(value) && def?.type === "array" && def.element)
    return thinItems(def.element, value, 0, path, budget, rest);
  if (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    def &&
    ((def.type === "object" && def.shape) || (def.type === "record" && def.valueType))
  ) {
    const members = value as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined; // made only when something below was cut
    for (const key of Object.keys(members)) {
      budget.left -= 1;
      const child =
        def.type === "record" ? def.valueType : def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
      if (!child) {
        budget.left -= sizeOf(members[key], Math.max(budget.left, 0));
        continue;
      }
      const thinned = thin(child, members[key], [...path, key], budget, rest);
      if (thinned !== members[key]) {
        copy ??= { ...members };
        copy[key] = thinned;
      }
    }
    return copy ?? value;
  }
  budget.left -= sizeOf(value, Math.max(budget.left, 0));
  return value;
}

function thinItems(
  element: z.core.$ZodType,
  items: readonly unknown[],
  from: number,
  path: Path,
  budget: Budget,
  rest: Rest[],
): unknown[] {
  const kept: unknown[] = [];
  let whole = from === 0;
  for (let i = from; i < items.length; i += 1) {
    if (kept.length > 0 && budget.left <= 0) {
      rest.push({ path, element, items, from: i });
      whole = false;
      break;
    }
    budget.left -= 1;
    const thinned = thin(element, items[i], [...path, i], budget, rest);
    if (thinned !== items[i]) whole = false;
    kept.push(thinned);
  }
  return whole ? (items as unknown[]) : kept;
}

/** How many values `root` holds below it (0 for a scalar), counted up to just past `cap`. */
function sizeOf(root: unknown, cap: number): number {
  let count = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    const children = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
    count += children.length;
    if (count > cap) break;
    for (const child of children) stack.push(child);
  }
  return count;
}
