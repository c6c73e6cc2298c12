import { assertPaired } from "./value-key";

export const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * The pairs of two paired lists where both values are finite numbers, as two number lists: the
 * numeric figures (MAE, Spearman, weighted kappa) are about numbers only, and a NaN or a stray text
 * left in would make the whole figure NaN.
 */
export function finitePairs(a: readonly unknown[], b: readonly unknown[]): [number[], number[]] {
  assertPaired(a, b);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (isFiniteNumber(x) && isFiniteNumber(y)) {
      xs.push(x);
      ys.push(y);
    }
  }
  return [xs, ys];
}
