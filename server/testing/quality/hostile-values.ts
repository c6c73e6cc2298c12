import * as fc from "fast-check";

/** Seed of every property in the quality suite: a failure reproduces exactly. */
export const QUALITY_SEED = 20_261_120;

/** `depth` nested arrays or objects around `leaf`. */
export function nested(depth: number, kind: "array" | "object", leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = kind === "array" ? [value] : { a: value };
  return value;
}

/** How deeply `value` nests arrays and objects (a scalar is 0). Iterative: deep values are the point. */
export function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") {
      max = Math.max(max, depth);
      continue;
    }
    const children = Array.isArray(current) ? current : Object.values(current);
    if (children.length === 0) max = Math.max(max, depth + 1);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return max;
}

/** Strings a parser or a database might choke on. */
const trickyStrings = fc.constantFrom(
  "",
  " ",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e308",
  "1e999",
  "-1e999",
  "0x10",
  "null",
  "true",
  "undefined",
  "[]",
  "{}",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\ufeff",
  "💥",
  "e\u0301",
  "%FF",
  "%",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  "demo/support-bot",
  "acme/claims",
  "demo//x",
  "/",
  "wandb-artifact:///demo/support-bot/support-rl:step999999999999999999999",
);

/** Numbers at and beyond the edges (NaN and ±Infinity are sent as null by JSON.stringify). */
const edgeNumbers = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 64,
  4096,
  4097,
  131073,
);

/** A long run of one character: 1 KB to 100 KB. */
const longString = fc
  .tuple(fc.constantFrom("x", "é", "💥", " ", "\\", '"'), fc.integer({ min: 1000, max: 100_000 }))
  .map(([ch, n]) => ch.repeat(Math.ceil(n / ch.length)));

/** Nesting around the server's depth limit (256) and well past it. */
const deepValue = fc
  .tuple(fc.integer({ min: 2, max: 400 }), fc.constantFrom("array" as const, "object" as const))
  .map(([depth, kind]) => nested(depth, kind));

const hugeArray = fc
  .tuple(fc.integer({ min: 1000, max: 10_000 }), fc.constantFrom<unknown>(0, "x", null, {}))
  .map(([n, v]) => Array<unknown>(n).fill(v));

/** Any JSON value a client could send where something else was expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: trickyStrings },
  { weight: 3, arbitrary: edgeNumbers },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { "": null }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: "grapheme" }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: longString },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: hugeArray },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Property names that are not in any schema, some of them special to JavaScript. */
export const unknownKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "",
    " ",
    "extra",
    "Project_Id",
    "project_id ",
  ),
  fc.string({ minLength: 1, maxLength: 12 }).map((s) => `x_${s}`),
);

/** A lone surrogate cannot be percent-encoded (encodeURIComponent throws), so no URL can carry it. */
function encodable(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

/** Query-string values: numbers in every spelling, junk, and long strings. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  trickyStrings.filter(encodable),
  fc.constantFrom(
    "0",
    "1",
    "100",
    "101",
    "-1",
    "1.5",
    " 5 ",
    "5 ",
    "+5",
    "1e2",
    "00010",
    "9".repeat(400),
    "asc",
    "desc",
    "ASC",
    "step_1",
    "evt_1",
  ),
  fc.string({ maxLength: 20 }),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => "z".repeat(n)),
);
