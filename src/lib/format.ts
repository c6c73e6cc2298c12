/**
 * Formatters shared across the app. (The queue and training pages still keep their own number and
 * duration formatters (queues/shared/format.ts, training/format.ts); they move here as they are made one.)
 */

/** 1st, 2nd, 3rd, 4th … for sort priorities and places in a list. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}
