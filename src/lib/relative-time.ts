import { utcTimestamp } from "@contract/common";

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

// Building an Intl formatter costs far more than using one, and a table of 250 rows shows
// hundreds of times: one formatter per locale is kept and reused.
const relativeFormats = new Map<string | undefined, Intl.RelativeTimeFormat>();
const exactFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function cachedFormat<F>(cache: Map<string | undefined, F>, locale: string | undefined, make: () => F): F {
  let format = cache.get(locale);
  if (!format) {
    format = make();
    cache.set(locale, format);
  }
  return format;
}

/** "3 minutes ago" / "in 2 hours"; "just now" under 10 seconds, where exact seconds are noise. */
export function formatRelativeTime(date: Date, now: Date, locale?: string): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 10) return "just now";
  const format = cachedFormat(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, "second");
}

/**
 * "3 minutes ago" for something that has happened. A time ahead of `now` can only be the two
 * clocks disagreeing (the service's and the browser's), so it reads "just now", never "in 13 seconds".
 */
export function formatTimeAgo(date: Date, now: Date, locale?: string): string {
  return formatRelativeTime(date.getTime() > now.getTime() ? now : date, now, locale);
}

/** Full local date and time with the zone, for the tooltip next to a relative time. */
export function formatExactTime(date: Date, locale?: string): string {
  return cachedFormat(
    exactFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "long" }),
  ).format(date);
}

/** Parses an ISO timestamp (no offset = UTC, see utcTimestamp); null for anything that is not a valid date. */
export function parseTimestamp(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(typeof value === "string" ? utcTimestamp(value) : value);
  return Number.isNaN(date.getTime()) ? null : date;
}
