import { finitePairs } from "./finite-pairs";
import { assertPaired, valueKey, type ValueKey } from "./value-key";

/**
 * Cohen's kappa (Cohen 1960), unweighted: how much two raters agree beyond what their own rates
 * of each answer would give by chance, kappa = (po - pe) / (1 - pe).
 *
 * Computed on counts, n·agreed - Σ rowₖ·colₖ over n² - Σ rowₖ·colₖ, so that the "all one category"
 * case is an exact zero rather than a float that rounds near it. Null when there are no pairs, or
 * when pe = 1: both raters gave one and the same answer every time. Then chance alone predicts
 * every agreement and the ratio is 0 / 0: kappa says nothing (accuracy still does: 100%).
 */
export function cohensKappa(a: readonly unknown[], b: readonly unknown[]): number | null {
  assertPaired(a, b);
  const n = a.length;
  if (n === 0) return null;
  const rows = new Map<ValueKey, number>();
  const cols = new Map<ValueKey, number>();
  let agreed = 0;
  for (let i = 0; i < n; i++) {
    const row = valueKey(a[i]);
    const col = valueKey(b[i]);
    rows.set(row, (rows.get(row) ?? 0) + 1);
    cols.set(col, (cols.get(col) ?? 0) + 1);
    if (row === col) agreed++;
  }
  let chance = 0;
  for (const [key, count] of rows) chance += count * (cols.get(key) ?? 0);
  const denominator = n * n - chance;
  if (denominator === 0) return null;
  return (n * agreed - chance) / denominator;
}

/**
 * Cohen's weighted kappa with quadratic weights (Cohen 1968) for numeric ratings, the weight of a
 * disagreement being the squared distance of the two values: 1 - Σ observed·w / Σ expected·w.
 * With quadratic weights the expected term needs no table: the mean squared difference of two
 * independent draws, one from each rater, is var(a) + var(b) + (mean a - mean b)² (population
 * variances), so this is O(n) whatever the scale. It equals the table definition when the weights
 * are (i - j)² over the rating values (the tests check both).
 *
 * Pairs with a value that is not a finite number are left out. Null when no pair is left or when
 * the expected term is 0 (both raters gave one and the same value throughout: 0 / 0, as above).
 */
export function quadraticWeightedKappa(a: readonly unknown[], b: readonly unknown[]): number | null {
  const [xs, ys] = finitePairs(a, b);
  const n = xs.length;
  if (n === 0) return null;
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < n; i++) {
    sumA += xs[i] as number;
    sumB += ys[i] as number;
  }
  const meanA = sumA / n;
  const meanB = sumB / n;
  let squaredA = 0;
  let squaredB = 0;
  let observed = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i] as number;
    const y = ys[i] as number;
    squaredA += (x - meanA) ** 2;
    squaredB += (y - meanB) ** 2;
    observed += (x - y) ** 2;
  }
  const expected = squaredA / n + squaredB / n + (meanA - meanB) ** 2;
  if (!(expected > 0)) return null;
  const kappa = 1 - observed / n / expected;
  return Number.isFinite(kappa) ? kappa : null;
}
