import { isFiniteNumber } from "./finite-pairs";
import { valueKey, type ValueKey } from "./value-key";

/** The most common value and how many gave it. */
export type Majority = { value: unknown; count: number };

/**
 * The most common value (compared by valueKey), or null when there is none: no values, or two
 * values share the highest count (a tie is no majority: which of them "the team" meant is unknown).
 * The value returned is the first one given among its equals.
 */
export function majority(values: readonly unknown[]): Majority | null {
  if (values.length === 0) return null;
  if (values.length === 1) return { value: values[0], count: 1 };
  const counts = new Map<ValueKey, Majority>();
  for (const value of values) {
    const key = valueKey(value);
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { value, count: 1 });
  }
  let best: Majority | null = null;
  let tied = false;
  for (const candidate of counts.values()) {
    if (!best || candidate.count > best.count) {
      best = candidate;
      tied = false;
    } else if (candidate.count === best.count) tied = true;
  }
  return tied ? null : best;
}

/** The median of the finite numbers among the values (the mean of the middle two for an even count); null for none. */
export function median(values: readonly unknown[]): number | null {
  const numbers = values.filter(isFiniteNumber).sort((x, y) => x - y);
  if (numbers.length === 0) return null;
  const middle = numbers.length >> 1;
  if (numbers.length % 2 === 1) return numbers[middle] as number;
  // Halved before adding: two huge numbers of one sign would overflow to Infinity.
  return (numbers[middle - 1] as number) / 2 + (numbers[middle] as number) / 2;
}
