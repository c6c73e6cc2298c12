import { finitePairs } from "./finite-pairs";

/**
 * Ranks 1..n of the values, tied values sharing the mean of the ranks they span (3 and 4 → 3.5 each).
 * A typed array's own numeric sort and one rank per distinct value: a comparator sort of 10,000
 * indices cost several times more, and the agreement page ranks eight such lists.
 */
export function averageRanks(values: readonly number[]): Float64Array {
  const sorted = new Float64Array(values).sort();
  const rankOf = new Map<number, number>();
  let start = 0;
  while (start < sorted.length) {
    let end = start + 1;
    while (end < sorted.length && sorted[end] === sorted[start]) end++;
    // Positions start..end-1 hold one value: ranks start+1..end, whose mean is (start + 1 + end) / 2.
    rankOf.set(sorted[start] as number, (start + 1 + end) / 2);
    start = end;
  }
  const ranks = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) ranks[i] = rankOf.get(values[i] as number) as number;
  return ranks;
}

/**
 * Spearman's rank correlation: Pearson's correlation of the two lists' average ranks, which is
 * what makes it right with ties (the shortcut 1 - 6Σd² / n(n² - 1) holds only without them).
 * Pairs with a value that is not a finite number are left out. Null with fewer than two pairs or
 * when either side is constant: a constant has no order, and the correlation would be 0 / 0.
 */
export function spearmanRho(a: readonly unknown[], b: readonly unknown[]): number | null {
  const [xs, ys] = finitePairs(a, b);
  const n = xs.length;
  if (n < 2) return null;
  const rx = averageRanks(xs);
  const ry = averageRanks(ys);
  // Average ranks always have the mean (n + 1) / 2.
  const mean = (n + 1) / 2;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < n; i++) {
    const dx = (rx[i] as number) - mean;
    const dy = (ry[i] as number) - mean;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  if (varianceX === 0 || varianceY === 0) return null;
  // Rounding can put a perfect correlation a hair outside [-1, 1].
  return Math.max(-1, Math.min(1, covariance / Math.sqrt(varianceX * varianceY)));
}
