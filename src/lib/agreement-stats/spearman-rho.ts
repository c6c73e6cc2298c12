import { finitePairs } from "./finite-pairs";

/** Ranks 1..n of the values, tied values sharing the mean of the ranks they span (3 and 4 → 3.5 each). */
export function averageRanks(values: readonly number[]): Float64Array {
  const order = Array.from(values.keys()).sort((i, j) => (values[i] as number) - (values[j] as number));
  const ranks = new Float64Array(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start + 1;
    while (end < order.length && values[order[end] as number] === values[order[start] as number]) end++;
    // Positions start..end-1 hold one value: ranks start+1..end, whose mean is (start + 1 + end) / 2.
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k] as number] = rank;
    start = end;
  }
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
