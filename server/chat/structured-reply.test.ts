import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatCompletionRequest } from "../../contract/chat";
import { ServiceError } from "../http/errors";
import { valueProblem } from "../trace/objects/json-schema";
import { SIMULATION_MARK } from "./schema-value";
import { replyText } from "./structured-reply";

// OpenAI's structured outputs (`response_format: {type: "json_schema"}`), as the local simulation
// answers them: a value valid against the schema (checked here with the server's own validator),
// the same for the same model, messages and schema.

type Schema = Record<string, unknown>;

const request = (schema: unknown, prompt = "Rate this reply", model = "m"): ChatCompletionRequest => ({
  model,
  messages: [
    { role: "system", content: "You are a judge." },
    { role: "user", content: prompt },
  ],
  response_format: { type: "json_schema", json_schema: { name: "response_format", schema: schema as Schema } },
});
const answer = (schema: unknown, prompt?: string, model?: string) =>
  JSON.parse(replyText(request(schema, prompt, model), model ?? "m", true)) as unknown;

/** The 400 a schema gets (status, param, message), or null when it is answered. */
function refusal(schema: unknown): { status: number; param?: string; message: string } | null {
  try {
    replyText(request(schema), "m", true);
    return null;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { status: error.status, param: error.param, message: error.message };
  }
}

/** Satisfiable schemas of every kind the simulation honours, nested. */
const lengthAndSpan = (low: number, span: number) => fc.tuple(fc.integer({ min: low, max: low + 50 }), fc.nat(span));
const leaf: fc.Arbitrary<Schema> = fc.oneof(
  lengthAndSpan(0, 300).map(([min, extra]) => ({ type: "string", minLength: min, maxLength: min + extra })),
  fc.constant({ type: "string", maxLength: 5 }),
  fc.constant({ type: "string" }),
  fc.constant({ type: "string", format: "date-time" }),
  fc.uniqueArray(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 5 }).map((values) => ({
    type: "string",
    enum: values,
  })),
  lengthAndSpan(-20, 20).map(([min, extra]) => ({ type: "integer", minimum: min, maximum: min + extra })),
  fc
    .tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: -30, max: 30 }))
    .map(([step, min]) => ({ type: "integer", multipleOf: step, minimum: min, maximum: min + step * 3 })),
  fc
    .tuple(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: 0.01, max: 50, noNaN: true }))
    .map(([min, span]) => ({ type: "number", exclusiveMinimum: min, exclusiveMaximum: min + span })),
  fc.constant({ type: "number", minimum: 0.5, maximum: 0.5 }),
  fc.constant({ type: "number", multipleOf: 0.25, minimum: 1, maximum: 2 }),
  fc.constant({ type: "boolean" }),
  fc.constant({ type: "null" }),
  fc.constant({ type: ["string", "null"], maxLength: 40 }),
  fc.constant({ const: "fixed" }),
  fc.constant({ enum: [1, "two", null, { three: 3 }] }),
  fc.constant({}),
);
const { schema } = fc.letrec<{ schema: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .dictionary(fc.string({ minLength: 1, maxLength: 10 }), tie("schema"), { maxKeys: 4 })
      .chain((properties) =>
        fc
          .subarray(Object.keys(properties))
          .map((required) => ({ type: "object", properties, required, additionalProperties: false })),
      ),
    fc
      .tuple(tie("schema"), fc.nat(3), fc.nat(3))
      .map(([items, min, extra]) => ({ type: "array", items, minItems: min, maxItems: min + extra })),
    fc.array(tie("schema"), { minLength: 1, maxLength: 3 }).map((branches) => ({ anyOf: branches })),
    fc
      .tuple(fc.constantFrom("string", "integer", "boolean"), fc.constantFrom("null", "array"))
      .map(([first, second]) => ({ oneOf: [{ type: first }, { type: second }] })),
  ),
}));

/** The schema a judge sends: its reasoning and the question's answer. */
const judge = (field: Schema) => ({
  type: "object",
  properties: { reasoning: { type: "string", maxLength: 2000 }, answer: field },
  required: ["reasoning", "answer"],
  additionalProperties: false,
});

describe("structured output of the local simulation (response_format json_schema)", () => {
  it("answers JSON valid against any satisfiable schema, for any prompt, the same every time", () => {
    fc.assert(
      fc.property(schema, fc.string({ maxLength: 200 }), fc.constantFrom("m", "other-model"), (s, prompt, model) => {
        const value = answer(s, prompt, model);
        expect(valueProblem(s, value)).toBeNull();
        expect(answer(s, prompt, model)).toEqual(value);
      }),
      { numRuns: 250, seed: 37 },
    );
  });

  it("answers a judge's schema with reasoning marked as simulated and an answer the question allows", () => {
    const rating = answer(judge({ type: "integer", minimum: 1, maximum: 5 })) as { reasoning: string; answer: number };
    expect(Object.keys(rating)).toEqual(["reasoning", "answer"]);
    expect(rating.reasoning.startsWith(SIMULATION_MARK)).toBe(true);
    expect([1, 2, 3, 4, 5]).toContain(rating.answer);
    const choice = answer(judge({ type: "string", enum: ["Resolved", "Not resolved"] })) as { answer: string };
    expect(["Resolved", "Not resolved"]).toContain(choice.answer);
    // Different prompts get different answers (not a constant): over 40 prompts, more than one rating.
    const ratings = new Set(
      Array.from(
        { length: 40 },
        (_, i) =>
          (answer(judge({ type: "integer", minimum: 1, maximum: 5 }), `prompt ${i}`) as { answer: number }).answer,
      ),
    );
    expect(ratings.size).toBeGreaterThan(1);
  });

  it("starts strings with the simulation's mark when the length bounds allow, and keeps to them when not", () => {
    for (const [bounds, marked] of [
      [{}, true],
      [{ minLength: 500 }, true],
      [{ maxLength: SIMULATION_MARK.length }, true],
      [{ maxLength: SIMULATION_MARK.length - 1 }, false],
      [{ minLength: 3, maxLength: 3 }, false],
    ] as const) {
      const text = answer({ type: "string", ...bounds }) as string;
      expect({ bounds, marked: text.startsWith(SIMULATION_MARK) }).toEqual({ bounds, marked });
      expect(valueProblem({ type: "string", ...bounds }, text)).toBeNull();
    }
  });

  it("follows refs inside the schema and merges allOf", () => {
    const s = {
      $defs: { score: { type: "integer", minimum: 7, maximum: 7 } },
      type: "object",
      properties: { score: { $ref: "#/$defs/score" } },
      required: ["score"],
      allOf: [{ properties: { note: { type: "boolean" } }, required: ["note"] }],
    };
    expect(answer(s)).toEqual({ score: 7, note: expect.any(Boolean) });
  });

  it("refuses a schema no value satisfies, or one it cannot honour, naming response_format.json_schema.schema and why", () => {
    const cases: [unknown, RegExp][] = [
      [{ type: "string", enum: [] }, /schema is not a usable JSON Schema: enum must have non-empty array/],
      [{ type: "string", enum: [1, 2] }, /schema\.enum: has no value of type string/],
      [{ type: "integer", minimum: 5, maximum: 1 }, /schema: minimum \(5\) is not below maximum \(1\)/],
      [{ type: "number", exclusiveMinimum: 1, maximum: 1 }, /exclusiveMinimum \(1\) is not below maximum \(1\)/],
      [{ type: "integer", minimum: 1.2, maximum: 1.8 }, /no integer lies between 1\.2 and 1\.8/],
      [{ type: "integer", multipleOf: 5, minimum: 1, maximum: 4 }, /no multiple of 5 lies between 1 and 4/],
      [{ type: "string", minLength: 10, maxLength: 2 }, /minLength \(10\) is greater than maxLength \(2\)/],
      [{ type: "array", minItems: 3, maxItems: 1 }, /minItems \(3\) is greater than maxItems \(1\)/],
      [
        { type: "object", properties: {}, required: ["answer"], additionalProperties: false },
        /schema\.required: names "answer", which is not in properties while additionalProperties is false/,
      ],
      [
        {
          type: "object",
          properties: { answer: { type: "integer", minimum: 3, maximum: 2 } },
          required: ["answer"],
        },
        /schema\.properties\.answer: minimum \(3\) is not below maximum \(2\)/,
      ],
      [{ type: "string", pattern: "^a+$" }, /schema\.pattern: the keyword "pattern" is not supported/],
      [{ not: { type: "string" } }, /the keyword "not" is not supported/],
      [{ $ref: "https://example.com/s.json" }, /can't resolve reference https:\/\/example\.com/],
      [{ $ref: "#/$defs/missing", $defs: {} }, /can't resolve reference/],
      [{ type: "string", minLength: 200_000 }, /asks for more than the simulation writes/],
      [{ type: "array", items: { type: "string", minLength: 90_000 }, minItems: 20 }, /more than the simulation/],
      [
        {
          anyOf: [
            { type: "string", minLength: 5, maxLength: 1 },
            { type: "integer", minimum: 2, maximum: 1 },
          ],
        },
        /schema\.anyOf\.\d: (minLength|minimum)/,
      ],
      [{ type: [] }, /schema\/type must NOT have fewer than 1 items/],
      [false, /must be a JSON object/],
      [{ type: "rating" }, /response_format\.json_schema\.schema is not a valid JSON Schema/],
    ];
    for (const [s, why] of cases) {
      const refused = refusal(s);
      expect({ s, refused }).toEqual({
        s,
        refused: { status: 400, param: "response_format", message: expect.stringMatching(why) },
      });
      expect(refused!.message).toMatch(
        /^Invalid schema for response_format 'response_format': response_format\.json_schema\.schema/,
      );
    }
  });

  // Without the bound on steps this never returns: the generator blocks the thread for hours.
  it("refuses a small schema whose branches would be tried without end", () => {
    // Three branches, each a ref to the schema itself: within the depth limit that is 3^32 tries.
    const recursive = { $defs: { a: { anyOf: [1, 2, 3].map(() => ({ $ref: "#/$defs/a" })) } }, $ref: "#/$defs/a" };
    expect(refusal(recursive)).toMatchObject({ status: 400, message: expect.stringMatching(/too intricate/) });
  });

  it("answers json_object with the prose reply inside an object, and text (or nothing) with prose", () => {
    const base = { model: "m", messages: [{ role: "user" as const, content: "Hello there" }] };
    const json = JSON.parse(replyText({ ...base, response_format: { type: "json_object" } }, "m", true)) as {
      reply: string;
    };
    expect(json.reply).toMatch(/^\[Local simulation of m\].*"Hello there"/);
    expect(replyText({ ...base, response_format: { type: "text" } }, "m", true)).toBe(json.reply);
    expect(replyText(base, "m", true)).toBe(json.reply);
  });

  it("answers prose for a model without structured output, whatever the format asks (even an unsatisfiable one)", () => {
    const text = replyText(request({ type: "integer", minimum: 5, maximum: 1 }), "m", false);
    expect(text).toMatch(/^\[Local simulation of m\]/);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });
});
