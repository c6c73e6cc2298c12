import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { krippendorffAlpha, readAlpha, unitDisagreement, type AlphaValue } from "./krippendorff-alpha";

/**
 * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four observers
 * (A-D), twelve units, values 1-5, missing values as null. The paper gives alpha = 0.743 (nominal),
 * 0.815 (ordinal) and 0.849 (interval) for these data.
 */
const OBSERVERS: readonly (readonly (number | null)[])[] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];
const PAPER_UNITS: number[][] = Array.from({ length: 12 }, (_, unit) =>
  OBSERVERS.map((row) => row[unit]).filter((value): value is number => value !== null && value !== undefined),
);

describe("Krippendorff's alpha against the worked example of Krippendorff (2011)", () => {
  it("gives 0.743 for nominal data", () => {
    const result = krippendorffAlpha(PAPER_UNITS, "nominal");
    expect(result.alpha).toBeCloseTo(0.743, 3);
    // Unit 12 has a single value: 11 units and 40 pairable values (n = 40 in the paper).
    expect(result.units).toBe(11);
    expect(result.pairableValues).toBe(40);
  });

  it("gives 0.815 for ordinal data", () => {
    expect(krippendorffAlpha(PAPER_UNITS, "ordinal").alpha).toBeCloseTo(0.815, 3);
  });

  it("gives 0.849 for interval data", () => {
    expect(krippendorffAlpha(PAPER_UNITS, "interval").alpha).toBeCloseTo(0.849, 3);
  });

  it("rests on the paper's coincidences: 4 mismatching pairs each way, n_c = 9, 13, 10, 5, 3", () => {
    const result = krippendorffAlpha(PAPER_UNITS, "nominal");
    // Units 2 (one 3 among 2s), 6 (1, 2, 3, 4) and 8 (one 2 among 1s) give 1 + 2 + 1 coincidences
    // of different values above the diagonal (each counted twice, once per order): Do = 8 / 40.
    expect(result.observedDisagreement).toBeCloseTo(8 / 40, 12);
    // Sum over c < k of n_c n_k = (40² - (81 + 169 + 100 + 25 + 9)) / 2 = 608; alpha = 1 - (n - 1) 4 / 608.
    expect(result.alpha).toBeCloseTo(1 - (39 * 4) / 608, 12);
  });
});

describe("Krippendorff's alpha, small cases by hand", () => {
  it("two coders, three units (a a / a b / b b): alpha = 1 - (1/3) / (18/30) = 4/9", () => {
    const result = krippendorffAlpha(
      [
        ["a", "a"],
        ["a", "b"],
        ["b", "b"],
      ],
      "nominal",
    );
    expect(result.observedDisagreement).toBeCloseTo(1 / 3, 12);
    expect(result.expectedDisagreement).toBeCloseTo(18 / 30, 12);
    expect(result.alpha).toBeCloseTo(4 / 9, 12);
  });

  it("interval: units (1, 3) and (2, 2): Do = 2, De = 4/3, alpha = -1/2 (worse than chance)", () => {
    // Values 1, 3, 2, 2 (n = 4). Do = (1/4) * ((4 + 4) / 1 + 0) = 2. De = sum over ordered pairs
    // of (x_i - x_j)² / (n (n - 1)) = (4 + 1 + 1 + 1 + 1 + 0) * 2 / 12 = 16 / 12.
    const result = krippendorffAlpha(
      [
        [1, 3],
        [2, 2],
      ],
      "interval",
    );
    expect(result.observedDisagreement).toBeCloseTo(2, 12);
    expect(result.expectedDisagreement).toBeCloseTo(4 / 3, 12);
    expect(result.alpha).toBeCloseTo(-0.5, 12);
  });

  it("leaves out units with fewer than two values", () => {
    const withSingles = krippendorffAlpha([["a", "a"], ["a", "b"], ["b", "b"], ["c"], []], "nominal");
    expect(withSingles.alpha).toBeCloseTo(4 / 9, 12);
    expect(withSingles.units).toBe(3);
    expect(withSingles.pairableValues).toBe(6);
  });

  it("is undefined (null), not NaN, without variation or without pairable units", () => {
    expect(
      krippendorffAlpha(
        [
          [3, 3],
          [3, 3, 3],
        ],
        "interval",
      ).alpha,
    ).toBeNull();
    expect(
      krippendorffAlpha(
        [
          [0.1, 0.1],
          [0.1, 0.1],
        ],
        "interval",
      ).alpha,
    ).toBeNull();
    expect(krippendorffAlpha([["yes"], ["no"]], "nominal").alpha).toBeNull();
    expect(krippendorffAlpha([], "ordinal")).toMatchObject({ alpha: null, units: 0, pairableValues: 0 });
  });

  it("reads alpha with Krippendorff's thresholds", () => {
    expect([0.95, 0.8, 0.7999, 0.667, 0.5, -0.2, null].map(readAlpha)).toEqual([
      "good",
      "good",
      "tentative",
      "tentative",
      "low",
      "low",
      "not enough data",
    ]);
  });
});

describe("a unit's disagreement", () => {
  it("is 0 when its values agree and grows with their distance, on the scale of the expected disagreement", () => {
    const result = krippendorffAlpha(
      [
        [1, 1],
        [1, 5],
        [2, 3],
      ],
      "interval",
    );
    const metric = result.metric!;
    expect(unitDisagreement([1, 1], metric, result.expectedDisagreement)).toBe(0);
    expect(unitDisagreement([1, 5], metric, result.expectedDisagreement)).toBeCloseTo(
      16 / result.expectedDisagreement,
      12,
    );
    expect(unitDisagreement([1, 5], metric, result.expectedDisagreement)!).toBeGreaterThan(
      unitDisagreement([2, 3], metric, result.expectedDisagreement)!,
    );
    expect(unitDisagreement([1], metric, result.expectedDisagreement)).toBeNull();
  });
});

const category = fc.constantFrom("good", "bad", "ugly", "fine");
const unitsOf = (value: fc.Arbitrary<AlphaValue>) =>
  fc.array(fc.array(value, { minLength: 0, maxLength: 5 }), { minLength: 1, maxLength: 30 });

describe("Krippendorff's alpha, properties", () => {
  it("is 1 whenever every pairable unit agrees and there is variation between units", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 2, max: 4 })), {
          minLength: 2,
          maxLength: 40,
        }),
        fc.constantFrom("nominal" as const, "ordinal" as const, "interval" as const),
        (shapes, level) => {
          fc.pre(new Set(shapes.map(([value]) => value)).size > 1);
          const units = shapes.map(([value, coders]) => Array.from({ length: coders }, () => value));
          expect(krippendorffAlpha(units, level).alpha).toBeCloseTo(1, 12);
        },
      ),
    );
  });

  it("does not change when nominal categories are renamed", () => {
    fc.assert(
      fc.property(unitsOf(category), (units) => {
        const rename: Record<string, string> = { good: "x", bad: "y", ugly: "z", fine: "w" };
        const renamed = units.map((unit) => unit.map((value) => rename[value as string] as string));
        expect(krippendorffAlpha(renamed, "nominal").alpha).toBe(krippendorffAlpha(units, "nominal").alpha);
      }),
    );
  });

  it("does not change when interval values are shifted and scaled", () => {
    fc.assert(
      fc.property(
        unitsOf(fc.integer({ min: 1, max: 7 })),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 1, max: 9 }),
        (units, shift, scale) => {
          const moved = units.map((unit) => unit.map((value) => Number(value) * scale + shift));
          const before = krippendorffAlpha(units, "interval").alpha ?? 99;
          const after = krippendorffAlpha(moved, "interval").alpha ?? 99;
          expect(after).toBeCloseTo(before, 9);
        },
      ),
    );
  });

  it("never exceeds 1 and never answers NaN", () => {
    fc.assert(
      fc.property(
        unitsOf(fc.integer({ min: 1, max: 5 })),
        fc.constantFrom("nominal" as const, "ordinal" as const, "interval" as const),
        (units, level) => {
          const { alpha } = krippendorffAlpha(units, level);
          expect(alpha === null || (alpha <= 1 + 1e-12 && !Number.isNaN(alpha))).toBe(true);
        },
      ),
    );
  });
});
