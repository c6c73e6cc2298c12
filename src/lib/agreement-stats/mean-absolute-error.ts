import { finitePairs } from "./finite-pairs";

/** The mean of |a - b| over the pairs of finite numbers (others are left out); null when there are none. */
export function meanAbsoluteError(a: readonly unknown[], b: readonly unknown[]): number | null {
  const [xs, ys] = finitePairs(a, b);
  if (xs.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += Math.abs((xs[i] as number) - (ys[i] as number));
  const mae = sum / xs.length;
  // Two finite numbers far enough apart overflow to Infinity: not a figure to show.
  return Number.isFinite(mae) ? mae : null;
}
