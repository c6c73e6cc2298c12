/**
 * Calendar days in the user's time zone. Formatting a date through Intl costs microseconds; 30,000
 * of them would cost a large share of the page's budget, so the day of each quarter hour is
 * formatted once (every time zone's offset is a whole number of quarter hours).
 */
const QUARTER_HOUR = 15 * 60 * 1000;

export type DayOf = (epochMs: number) => string;

/** A function from an instant to its day, `YYYY-MM-DD`, in `timeZone` (the browser's by default). */
export function dayInTimeZone(timeZone?: string): DayOf {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const cache = new Map<number, string>();
  const dayOf: DayOf = (epochMs) => {
    const bucket = Math.floor(epochMs / QUARTER_HOUR);
    let day = cache.get(bucket);
    if (day === undefined) {
      const parts = format.formatToParts(bucket * QUARTER_HOUR);
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
      day = `${part("year")}-${part("month")}-${part("day")}`;
      cache.set(bucket, day);
    }
    return day;
  };
  // The first format sets Intl's machinery up (milliseconds): done here, before the figures are computed.
  dayOf(Date.now());
  return dayOf;
}

/** Every day from `first` to `last` (both `YYYY-MM-DD`), so days without work show as empty. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  // Calendar arithmetic in UTC: the labels are dates, not instants.
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= end && days.length < 3660; at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}
