/**
 * A value that satisfies a JSON Schema, chosen with a seeded random stream: what the local
 * simulation answers to OpenAI's `response_format: json_schema`. It honours `type` (one or a
 * list), `enum`, `const`, `anyOf`/`oneOf` (one branch), `allOf` (merged), local `$ref`s, objects
 * (`properties`, `required`, `additionalProperties`), arrays (`items`, `minItems`, `maxItems`,
 * `uniqueItems`), strings (`minLength`, `maxLength`), numbers and integers (`minimum`, `maximum`,
 * the exclusive ones, `multipleOf`), booleans and null. `format` is an annotation and ignored.
 * A schema no value satisfies, or one using a keyword it cannot honour, is a SchemaRefusal naming
 * where and why. The caller checks the result with the service's own JSON Schema validator.
 */

export class SchemaRefusal extends Error {
  constructor(
    /** Where in the schema, as a dotted path from its root (`""` for the root). */
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path || "(root)"}: ${reason}`);
    this.name = "SchemaRefusal";
  }
}

/** Strings start with this where their length bounds allow, so nobody takes them for a model's words. */
export const SIMULATION_MARK = "[Local simulation]";

/** Bounds on what one answer may ask for: a schema is client input. */
export const SCHEMA_VALUE_LIMITS = {
  depth: 32,
  stringLength: 100_000,
  items: 1000,
  totalCharacters: 1_000_000,
  /**
   * Schemas visited while drawing one value. The depth bounds the stack but not the time: branches
   * of anyOf/oneOf that fail at once spend no characters, so a few hundred bytes of nested branches
   * (or a $ref to itself in each of three branches) would be tried 3^32 times on the one thread.
   */
  steps: 50_000,
};

/** Keywords that constrain values in ways this generator does not produce. */
const UNSUPPORTED = [
  "pattern",
  "patternProperties",
  "not",
  "if",
  "dependentSchemas",
  "dependentRequired",
  "propertyNames",
  "contains",
  "prefixItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "minProperties",
  "maxProperties",
  "$dynamicRef",
  "$recursiveRef",
];

const SENTENCES = [
  "A stand-in value written to fit the schema; no language model runs on this server.",
  "Deterministic placeholder text chosen for this prompt by the local simulation.",
  "This answer was generated locally to match the requested structure, not by a model.",
  "Simulated reasoning: the local service picks values that satisfy the schema.",
];
const FILLER = " simulated";

type Context = { root: unknown; random: () => number; budget: { left: number }; steps: { left: number } };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const refuse = (path: string, reason: string): never => {
  throw new SchemaRefusal(path, reason);
};

/** A value valid against `schema` (already known to be a JSON Schema), drawn from `random`. */
export function schemaValue(schema: unknown, random: () => number): unknown {
  const context: Context = {
    root: schema,
    random,
    budget: { left: SCHEMA_VALUE_LIMITS.totalCharacters },
    steps: { left: SCHEMA_VALUE_LIMITS.steps },
  };
  return sample(schema, "", 0, context);
}

function spend(context: Context, characters: number, path: string): void {
  context.budget.left -= characters;
  if (context.budget.left < 0)
    refuse(path, `asks for more than the simulation writes (${SCHEMA_VALUE_LIMITS.totalCharacters} characters)`);
}

/** `items` in an order drawn from `random` (Fisher-Yates). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The first of `options` that `attempt` can satisfy, tried in a random order; else the first refusal. */
function firstSatisfiable<T>(options: readonly T[], context: Context, attempt: (option: T) => unknown): unknown {
  let first: SchemaRefusal | null = null;
  for (const option of shuffled(options, context.random)) {
    try {
      return attempt(option);
    } catch (error) {
      // Out of steps, every other option would be refused at once too: the refusal stands.
      if (!(error instanceof SchemaRefusal) || context.steps.left < 0) throw error;
      first ??= error;
    }
  }
  throw first!;
}

function sample(schema: unknown, path: string, depth: number, context: Context): unknown {
  context.steps.left -= 1;
  if (context.steps.left < 0)
    refuse(path, `is too intricate for the simulation (over ${SCHEMA_VALUE_LIMITS.steps} schemas to try)`);
  if (depth > SCHEMA_VALUE_LIMITS.depth) refuse(path, `is nested deeper than ${SCHEMA_VALUE_LIMITS.depth} levels`);
  if (schema === true) return text({}, path, context);
  if (schema === false) refuse(path, "is false: no value satisfies it");
  if (!isRecord(schema)) return refuse(path, "must be a schema (an object or a boolean)");
  const unsupported = UNSUPPORTED.find((keyword) => keyword in schema);
  if (unsupported)
    refuse(`${path}.${unsupported}`, `the keyword "${unsupported}" is not supported by the local simulation`);
  const { $ref, allOf, anyOf, oneOf, ...rest } = schema;
  if ($ref !== undefined)
    return sample(
      { ...resolveRef($ref, path, context), ...rest, ...given({ allOf, anyOf, oneOf }) },
      path,
      depth + 1,
      context,
    );
  if (allOf !== undefined) {
    if (!Array.isArray(allOf)) refuse(`${path}.allOf`, "must be a list of schemas");
    return sample(
      { ...mergeAll([rest, ...(allOf as unknown[])], `${path}.allOf`), ...given({ anyOf, oneOf }) },
      path,
      depth + 1,
      context,
    );
  }
  for (const [keyword, branches] of [
    ["anyOf", anyOf],
    ["oneOf", oneOf],
  ] as const) {
    if (branches === undefined) continue;
    if (!Array.isArray(branches) || branches.length === 0)
      refuse(`${path}.${keyword}`, "is empty: no value satisfies it");
    const others = keyword === "anyOf" ? { ...rest, ...given({ oneOf }) } : rest;
    return firstSatisfiable(
      (branches as unknown[]).map((branch, index) => [branch, index] as const),
      context,
      ([branch, index]) =>
        sample(
          isRecord(branch) ? { ...others, ...branch } : branch === true ? others : false,
          `${path}.${keyword}.${index}`,
          depth + 1,
          context,
        ),
    );
  }
  return sampleTyped(schema, path, depth, context);
}

/** The keywords that are present: an absent one must not hide the same keyword of a schema merged in. */
const given = (keywords: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(keywords).filter(([, value]) => value !== undefined));

/** A `#/...` JSON pointer into the root schema. Remote refs are not fetched. */
function resolveRef(ref: unknown, path: string, context: Context): Record<string, unknown> {
  if (typeof ref !== "string" || !ref.startsWith("#"))
    return refuse(`${path}.$ref`, "only refs inside the schema (#/...) are supported by the local simulation");
  let target: unknown = context.root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    target = isRecord(target) ? target[key] : Array.isArray(target) ? target[Number(key)] : undefined;
  }
  if (target === true) return {};
  if (!isRecord(target)) return refuse(`${path}.$ref`, `"${ref.slice(0, 100)}" points at no schema`);
  return target;
}

/** The schema and its allOf parts as one schema: properties united, required lists joined, other keywords the last one's. */
function mergeAll(parts: readonly unknown[], path: string): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    if (part === true) continue;
    if (!isRecord(part)) return refuse(path, "has a false schema: no value satisfies it");
    const { properties, required, ...rest } = part;
    Object.assign(merged, rest);
    if (isRecord(properties)) merged.properties = { ...(merged.properties as object), ...properties };
    if (Array.isArray(required)) merged.required = [...((merged.required as unknown[]) ?? []), ...required];
  }
  return merged;
}

const TYPES = ["object", "array", "string", "integer", "number", "boolean", "null"] as const;
type TypeName = (typeof TYPES)[number];

function hasType(value: unknown, type: TypeName): boolean {
  switch (type) {
    case "object":
      return isRecord(value);
    case "array":
      return Array.isArray(value);
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

function declaredTypes(schema: Record<string, unknown>, path: string): TypeName[] {
  const type = schema.type;
  if (type === undefined) return [impliedType(schema)];
  const list = Array.isArray(type) ? type : [type];
  if (list.length === 0) refuse(`${path}.type`, "is an empty list: no value satisfies it");
  return list.filter((name): name is TypeName => (TYPES as readonly unknown[]).includes(name));
}

/** What a schema without `type` most plainly describes. */
function impliedType(schema: Record<string, unknown>): TypeName {
  const has = (...keys: string[]) => keys.some((key) => key in schema);
  if (has("properties", "required", "additionalProperties")) return "object";
  if (has("items", "minItems", "maxItems", "uniqueItems")) return "array";
  if (has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")) return "number";
  return "string";
}

function sampleTyped(schema: Record<string, unknown>, path: string, depth: number, context: Context): unknown {
  const types = declaredTypes(schema, path);
  if ("const" in schema) return structuredClone(schema.const);
  if ("enum" in schema) {
    const values = Array.isArray(schema.enum) ? schema.enum : [];
    if (values.length === 0) refuse(`${path}.enum`, "is empty: no value satisfies it");
    const fitting = schema.type === undefined ? values : values.filter((v) => types.some((t) => hasType(v, t)));
    if (fitting.length === 0) refuse(`${path}.enum`, `has no value of type ${types.join(" or ")}`);
    return structuredClone(fitting[Math.floor(context.random() * fitting.length)]);
  }
  return firstSatisfiable(types, context, (type) => {
    switch (type) {
      case "object":
        return object(schema, path, depth, context);
      case "array":
        return array(schema, path, depth, context);
      case "string":
        return text(schema, path, context);
      case "integer":
      case "number":
        spend(context, 8, path);
        return number(schema, path, type === "integer", context.random);
      case "boolean":
        spend(context, 5, path);
        return context.random() < 0.5;
      case "null":
        spend(context, 4, path);
        return null;
    }
  });
}

function object(schema: Record<string, unknown>, path: string, depth: number, context: Context) {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const additional = schema.additionalProperties;
  const entries: [string, unknown][] = [];
  for (const [key, propertySchema] of Object.entries(properties)) {
    const isRequired = required.includes(key);
    if (!isRequired && context.random() < 0.5) continue;
    spend(context, key.length + 4, path);
    try {
      entries.push([key, sample(propertySchema, `${path}.properties.${key}`, depth + 1, context)]);
    } catch (error) {
      // An optional property nothing satisfies is simply left out.
      if (isRequired || !(error instanceof SchemaRefusal)) throw error;
    }
  }
  for (const key of new Set(required)) {
    if (Object.hasOwn(properties, key)) continue;
    if (additional === false)
      refuse(`${path}.required`, `names "${key}", which is not in properties while additionalProperties is false`);
    spend(context, key.length + 4, path);
    entries.push([key, sample(additional ?? true, `${path}.additionalProperties`, depth + 1, context)]);
  }
  // fromEntries keeps a key such as "__proto__" as an own property.
  return Object.fromEntries(entries);
}

function array(schema: Record<string, unknown>, path: string, depth: number, context: Context) {
  const min = typeof schema.minItems === "number" ? schema.minItems : 0;
  const max = typeof schema.maxItems === "number" ? schema.maxItems : Number.POSITIVE_INFINITY;
  if (min > max) refuse(path, `minItems (${min}) is greater than maxItems (${max})`);
  if (min > SCHEMA_VALUE_LIMITS.items)
    refuse(`${path}.minItems`, `asks for more items than the simulation writes (${SCHEMA_VALUE_LIMITS.items})`);
  const items = schema.items ?? true;
  const count = min + Math.floor(context.random() * (Math.min(max, min + 3) - min + 1));
  const unique = schema.uniqueItems === true;
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < count && tries < count * 8; tries += 1) {
    let item: unknown;
    try {
      item = sample(items, `${path}.items`, depth + 1, context);
    } catch (error) {
      if (error instanceof SchemaRefusal && out.length >= min) break;
      throw error;
    }
    const key = JSON.stringify(item);
    if (unique && seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  if (out.length < min) refuse(path, `asks for ${min} distinct items and the simulation found only ${out.length}`);
  return out;
}

function text(schema: Record<string, unknown>, path: string, context: Context): string {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (min > max) refuse(path, `minLength (${min}) is greater than maxLength (${max})`);
  if (min > SCHEMA_VALUE_LIMITS.stringLength)
    refuse(`${path}.minLength`, `asks for more than the simulation writes (${SCHEMA_VALUE_LIMITS.stringLength})`);
  const sentence = `${SIMULATION_MARK} ${SENTENCES[Math.floor(context.random() * SENTENCES.length)]}`;
  const length = Math.min(Math.max(sentence.length, min), max);
  spend(context, length + 2, path);
  // Lengths count code points in JSON Schema; everything written here is ASCII, so one each.
  if (length < SIMULATION_MARK.length)
    return FILLER.trim()
      .repeat(Math.ceil(length / 9) + 1)
      .slice(0, length);
  if (length <= sentence.length) return sentence.slice(0, length);
  return (sentence + FILLER.repeat(Math.ceil((length - sentence.length) / FILLER.length))).slice(0, length);
}

/** The tighter of an inclusive and an exclusive bound on one side. */
function bound(inclusive: unknown, exclusive: unknown, side: "lower" | "upper") {
  const a = typeof inclusive === "number" ? { value: inclusive, strict: false } : null;
  const b = typeof exclusive === "number" ? { value: exclusive, strict: true } : null;
  if (!a || !b) return a ?? b;
  const tighter = side === "lower" ? b.value >= a.value : b.value <= a.value;
  return tighter ? b : a;
}

const DEFAULT_SPAN = 10;

function number(schema: Record<string, unknown>, path: string, integer: boolean, random: () => number): number {
  const lower = bound(schema.minimum, schema.exclusiveMinimum, "lower");
  const upper = bound(schema.maximum, schema.exclusiveMaximum, "upper");
  if (lower && upper && (lower.value > upper.value || (lower.value === upper.value && (lower.strict || upper.strict))))
    refuse(
      path,
      `${lower.strict ? "exclusiveMinimum" : "minimum"} (${lower.value}) is not below ` +
        `${upper.strict ? "exclusiveMaximum" : "maximum"} (${upper.value}): no number satisfies both`,
    );
  const lo = lower?.value ?? (upper ? upper.value - DEFAULT_SPAN : 0);
  const hi = upper?.value ?? lo + DEFAULT_SPAN;
  const inside = (x: number) =>
    (lower ? (lower.strict ? x > lower.value : x >= lower.value) : true) &&
    (upper ? (upper.strict ? x < upper.value : x <= upper.value) : true);
  const step = schema.multipleOf;
  if (typeof step === "number") {
    if (integer && !Number.isInteger(step))
      refuse(`${path}.multipleOf`, "must be a whole number for an integer in the local simulation");
    return multiple(step, lo, hi, inside, path, random);
  }
  if (integer) {
    const first = Math.ceil(lo);
    const last = Math.floor(hi);
    const candidates = [first + Math.floor(random() * (last - first + 1)), first, first + 1, last, last - 1];
    const found = candidates.find((x) => Number.isInteger(x) && inside(x));
    return found ?? refuse(path, `no integer lies between ${lo} and ${hi}`);
  }
  const exact = lo + random() * (hi - lo);
  const rounded = Math.round(exact * 100) / 100;
  if (inside(rounded)) return rounded;
  if (inside(exact)) return exact;
  return (lo + hi) / 2;
}

/** A multiple of `step` inside the bounds that the validator also sees as one (x / step a whole number). */
function multiple(
  step: number,
  lo: number,
  hi: number,
  inside: (x: number) => boolean,
  path: string,
  random: () => number,
): number {
  const first = Math.ceil(lo / step);
  const last = Math.floor(hi / step);
  if (first > last) refuse(path, `no multiple of ${step} lies between ${lo} and ${hi}`);
  const start = first + Math.floor(random() * (last - first + 1));
  for (let offset = 0; offset <= Math.min(last - first, 50); offset += 1) {
    const k = first + ((start - first + offset) % (last - first + 1));
    const x = k * step;
    if (inside(x) && Number.isInteger(x / step)) return x;
  }
  return refuse(path, `the simulation found no multiple of ${step} between ${lo} and ${hi}`);
}
