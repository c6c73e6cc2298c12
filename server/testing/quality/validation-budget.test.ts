import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { RequestValidationError } from "../../http/errors";
import { MAX_VALUES_PER_PARSE, parseOrThrow } from "../../http/validate";
import { MAX_VALIDATION_DETAIL, toValidationDetail } from "../../http/validation-error";

// The work a bad input can cost the validator is bounded: no zod parse of a not-yet-valid input
// meets more than MAX_VALUES_PER_PARSE values, and a 422 lists at most MAX_VALIDATION_DETAIL
// problems. Counted, not timed: a check that counts its calls shows how far validation went.

/** A number schema whose check counts the values it sees and fails the negative ones. */
function countingNumber() {
  const seen = { count: 0 };
  const schema = z.number().check(
    z.refine((n: number) => {
      seen.count += 1;
      return n >= 0;
    }, "must not be negative"),
  );
  return { schema, seen };
}

/** 30,000 items `{v: i}`, where `v` is a string (wrong) at the indexes in `bad`. */
const items = (bad: number[]) => Array.from({ length: 30_000 }, (_, i) => ({ v: bad.includes(i) ? "x" : i }));

/** The 422's `loc`s when `parseOrThrow` rejects, or the parsed value. */
function outcome(schema: z.core.$ZodType, data: unknown): { locs: (string | number)[][] } | { data: unknown } {
  try {
    return { data: parseOrThrow(schema, data, "body") };
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    return { locs: error.detail.map((d) => d.loc) };
  }
}

describe("validation of big inputs", () => {
  it("stops at the first window of a million bad values (a check refusing each one used to run a million times)", () => {
    const { schema, seen } = countingNumber();
    const result = outcome(z.array(schema), Array<number>(1_000_000).fill(-1));
    expect(result).toEqual({ locs: Array.from({ length: MAX_VALIDATION_DETAIL }, (_, i) => ["body", i]) });
    expect(seen.count).toBeLessThanOrEqual(MAX_VALUES_PER_PARSE);
  });

  it("bounds nested arrays too, where each array is short enough but all together are not", () => {
    const { schema, seen } = countingNumber();
    const groups = z.object({ groups: z.array(z.object({ items: z.array(schema) })) });
    const data = { groups: Array.from({ length: 40 }, () => ({ items: Array<number>(25_000).fill(-1) })) };
    const result = outcome(groups, data);
    expect("locs" in result && result.locs).toHaveLength(MAX_VALIDATION_DETAIL);
    expect(seen.count).toBeLessThanOrEqual(2 * MAX_VALUES_PER_PARSE);
  });

  it("names problems far past the first window at their real loc", () => {
    const schema = z.object({ groups: z.array(z.object({ items: z.array(z.object({ v: z.number() })) })) });
    const data = { groups: [{ items: items([]) }, { items: items([12_345, 29_999]) }, { items: items([7]) }] };
    expect(outcome(schema, data)).toEqual({
      locs: [
        ["body", "groups", 1, "items", 12_345, "v"],
        ["body", "groups", 1, "items", 29_999, "v"],
        ["body", "groups", 2, "items", 7, "v"],
      ],
    });
  });

  it("answers a big valid input exactly as one parse does, defaults and stripped keys included", () => {
    const schema = z.strictObject({
      groups: z.array(
        z.object({
          items: z.array(z.object({ v: z.number(), tag: z._default(z.string(), "none") })).check(z.minLength(1)),
        }),
      ),
    });
    const data = {
      groups: Array.from({ length: 5 }, (_, g) => ({
        extra: g,
        items: Array.from({ length: 5_000 }, (_item, i) => ({ v: i })),
      })),
    };
    expect(outcome(schema, data)).toEqual({ data: z.parse(schema, data) });
  });

  it("does not call a cut-short array too short, but still reports an array that is", () => {
    const schema = z.array(z.array(z.number()).check(z.minLength(2)));
    const long = Array.from({ length: 3 }, () => Array<number>(MAX_VALUES_PER_PARSE).fill(1));
    expect(outcome(schema, long)).toEqual({ data: long });
    expect(outcome(schema, [...long, [1]])).toEqual({ locs: [["body", 3]] });
  });

  it("keeps whole what a refinement reads as a whole, or a catch forgives, so windows cannot fake a problem", () => {
    const whole = z
      .object({ xs: z.array(z.number()), n: z.number() })
      .check(z.refine((o: { xs: number[]; n: number }) => o.xs.length === o.n));
    const data = [{ xs: Array<number>(2 * MAX_VALUES_PER_PARSE).fill(0), n: 2 * MAX_VALUES_PER_PARSE }];
    expect(outcome(z.array(whole), data)).toEqual({ data });

    const forgiving = z.object({ xs: z.catch(z.array(z.number()), []) });
    expect(outcome(forgiving, { xs: [...Array<number>(2 * MAX_VALUES_PER_PARSE).fill(0), "x"] })).toEqual({
      data: { xs: [] },
    });
  });
});

describe("the 422 detail", () => {
  it(`lists at most ${MAX_VALIDATION_DETAIL} entries, the first ones in order, however many problems there are`, () => {
    const schema = z.strictObject({ a: z.string() });
    const keys = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 0]));
    const issues = z.safeParse(schema, { a: 1, ...keys }, { reportInput: true }).error!.issues;
    const detail = toValidationDetail(issues, "body");
    expect(detail).toHaveLength(MAX_VALIDATION_DETAIL);
    expect(detail[0]).toEqual({ loc: ["body", "a"], msg: "Input should be a valid string", type: "string_type" });
    expect(detail.slice(1).map((d) => d.loc)).toEqual(
      Array.from({ length: MAX_VALIDATION_DETAIL - 1 }, (_, i) => ["body", `k${i}`]),
    );
  });
});
