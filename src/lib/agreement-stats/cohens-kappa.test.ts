import { describe, expect, it } from "vitest";
import { cohensKappa, quadraticWeightedKappa } from "./cohens-kappa";

/** Paired lists from a 2×2 table of counts: [[yes/yes, yes/no], [no/yes, no/no]] (rows: rater A). */
function fromTable(table: readonly (readonly number[])[], labels: readonly unknown[]): [unknown[], unknown[]] {
  const a: unknown[] = [];
  const b: unknown[] = [];
  table.forEach((row, r) =>
    row.forEach((count, c) => {
      for (let k = 0; k < count; k++) {
        a.push(labels[r]);
        b.push(labels[c]);
      }
    }),
  );
  return [a, b];
}

describe("Cohen's kappa against Wikipedia's worked examples (\"Cohen's kappa\", Examples)", () => {
  it("50 grant proposals, 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no: po = 0.7, pe = 0.5, kappa = 0.4", () => {
    const [a, b] = fromTable(
      [
        [20, 5],
        [10, 15],
      ],
      ["Yes", "No"],
    );
    expect(cohensKappa(a, b)).toBeCloseTo(0.4, 12);
  });

  it("the same 60% agreement gives 0.1304 (45/15/25/15) and 0.2593 (25/35/5/35)", () => {
    const first = fromTable(
      [
        [45, 15],
        [25, 15],
      ],
      [true, false],
    );
    const second = fromTable(
      [
        [25, 35],
        [5, 35],
      ],
      [true, false],
    );
    expect(cohensKappa(...first)).toBeCloseTo(0.06 / 0.46, 12);
    expect(cohensKappa(...first)).toBeCloseTo(0.1304, 4);
    expect(cohensKappa(...second)).toBeCloseTo(0.14 / 0.54, 12);
    expect(cohensKappa(...second)).toBeCloseTo(0.2593, 4);
  });
});

describe("Cohen's kappa, edge cases", () => {
  it("is 1 for perfect agreement over two or more answers", () => {
    expect(cohensKappa(["a", "b", "c", "a"], ["a", "b", "c", "a"])).toBe(1);
  });

  it("is null with no pairs, and when both raters gave one and the same answer throughout (0 / 0)", () => {
    expect(cohensKappa([], [])).toBeNull();
    expect(cohensKappa(["a", "a", "a"], ["a", "a", "a"])).toBeNull();
  });

  it("is defined when only one rater is constant: agreement no better than chance is 0", () => {
    // po = 2/4, pe = 1 · 2/4: kappa = 0.
    expect(cohensKappa(["a", "a", "a", "a"], ["a", "b", "a", "b"])).toBe(0);
    // Never agreeing, each constant on a different answer: po = pe = 0, kappa = 0.
    expect(cohensKappa(["a", "a"], ["b", "b"])).toBe(0);
  });

  it("is negative for systematic disagreement: a a b b against b b a a gives -1", () => {
    expect(cohensKappa(["a", "a", "b", "b"], ["b", "b", "a", "a"])).toBe(-1);
  });

  it('tells the number 1 from the text "1"', () => {
    expect(cohensKappa([1, 2], ["1", "2"])).toBe(0);
  });
});

/** Cohen (1968)'s definition on the table: 1 - Σ w·observed / Σ w·expected, w = (xᵢ - xⱼ)². */
function weightedKappaByTable(a: readonly number[], b: readonly number[]): number {
  const values = [...new Set([...a, ...b])].sort((x, y) => x - y);
  const n = a.length;
  let observed = 0;
  let expected = 0;
  for (const x of values)
    for (const y of values) {
      const weight = (x - y) ** 2;
      const both = a.filter((v, i) => v === x && b[i] === y).length;
      const rowTotal = a.filter((v) => v === x).length;
      const colTotal = b.filter((v) => v === y).length;
      observed += weight * both;
      expected += (weight * rowTotal * colTotal) / n;
    }
  return 1 - observed / expected;
}

describe("quadratic-weighted kappa", () => {
  it("by hand: a = 1 2 3, b = 1 3 3 → 1 - (1/3) / (2/3 + 8/9 + 1/9) = 0.8", () => {
    // Observed: mean of (0, 1, 0) = 1/3. Expected: var(a) = 2/3, var(b) = 8/9, (2 - 7/3)² = 1/9: 5/3.
    expect(quadraticWeightedKappa([1, 2, 3], [1, 3, 3])).toBeCloseTo(1 - 1 / 3 / (5 / 3), 12);
    expect(quadraticWeightedKappa([1, 2, 3], [1, 3, 3])).toBeCloseTo(0.8, 12);
  });

  it("equals the table definition on a 5-point example", () => {
    const a = [1, 2, 3, 4, 5, 3, 2, 4, 5, 1, 3, 3];
    const b = [1, 3, 3, 5, 4, 2, 2, 4, 5, 2, 1, 3];
    expect(quadraticWeightedKappa(a, b)).toBeCloseTo(weightedKappaByTable(a, b), 12);
  });

  it("weighs a near miss less than a far one (unweighted kappa does not)", () => {
    const truth = [1, 2, 3, 4, 5];
    const near = [2, 1, 3, 4, 5];
    const far = [5, 2, 3, 4, 1];
    expect(cohensKappa(truth, near)).toBe(cohensKappa(truth, far));
    expect(quadraticWeightedKappa(truth, near) as number).toBeGreaterThan(quadraticWeightedKappa(truth, far) as number);
  });

  it("is 1 for perfect agreement, null for none or both constant alike, and leaves NaN out", () => {
    expect(quadraticWeightedKappa([1, 2, 5], [1, 2, 5])).toBe(1);
    expect(quadraticWeightedKappa([], [])).toBeNull();
    expect(quadraticWeightedKappa([3, 3], [3, 3])).toBeNull();
    expect(quadraticWeightedKappa([1, 2, Number.NaN, 3], [1, 3, 2, 3])).toBeCloseTo(0.8, 12);
    expect(quadraticWeightedKappa([Number.NaN], [1])).toBeNull();
  });
});
