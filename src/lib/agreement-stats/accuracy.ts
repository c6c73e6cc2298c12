import { assertPaired, valueKey } from "./value-key";

/** The share of pairs whose two values are the same answer (by valueKey); null when there are no pairs. */
export function accuracy(a: readonly unknown[], b: readonly unknown[]): number | null {
  assertPaired(a, b);
  if (a.length === 0) return null;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (valueKey(a[i]) === valueKey(b[i])) same++;
  return same / a.length;
}
