import { assertPaired, valueKey, type ValueKey } from "./value-key";

/** Counts of pairs by (row value, column value); values[i] labels both row i and column i. */
export type ConfusionMatrix = { values: unknown[]; counts: number[][] };

const TYPE_RANK: Readonly<Record<string, number>> = { boolean: 0, number: 1, string: 2 };

/** A stable order of answers: no before yes, numbers ascending, texts by code unit, anything else by its key. */
export function compareValues(a: unknown, b: unknown): number {
  const rankA = TYPE_RANK[typeof a] ?? 3;
  const rankB = TYPE_RANK[typeof b] ?? 3;
  if (rankA !== rankB) return rankA - rankB;
  if (typeof a === "number" && typeof b === "number") return a === b ? 0 : a < b || Number.isNaN(b) ? -1 : 1;
  const x = typeof a === "string" || typeof a === "boolean" ? String(a) : (JSON.stringify(a) ?? String(a));
  const y = typeof b === "string" || typeof b === "boolean" ? String(b) : (JSON.stringify(b) ?? String(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The confusion matrix of paired values: counts[r][c] = pairs whose first value is values[r] and
 * whose second is values[c]. The labels are the values of `order` first (e.g. a question's options,
 * so an option nobody chose still has its row), then every other value seen in compareValues order:
 * the same data always gives the same matrix.
 */
export function confusionMatrix(
  rows: readonly unknown[],
  cols: readonly unknown[],
  order: readonly unknown[] = [],
): ConfusionMatrix {
  assertPaired(rows, cols);
  const indexOf = new Map<ValueKey, number>();
  const values: unknown[] = [];
  const add = (value: unknown) => {
    const key = valueKey(value);
    if (indexOf.has(key)) return;
    indexOf.set(key, values.length);
    values.push(value);
  };
  for (const value of order) add(value);
  const seen: unknown[] = [];
  const seenKeys = new Set<ValueKey>(indexOf.keys());
  for (const value of [...rows, ...cols]) {
    const key = valueKey(value);
    if (seenKeys.has(key)) continue;
    seenKeys.add(key);
    seen.push(value);
  }
  for (const value of seen.sort(compareValues)) add(value);
  const counts = values.map(() => values.map(() => 0));
  for (let i = 0; i < rows.length; i++) {
    const row = counts[indexOf.get(valueKey(rows[i])) as number] as number[];
    const col = indexOf.get(valueKey(cols[i])) as number;
    row[col] = (row[col] as number) + 1;
  }
  return { values, counts };
}
