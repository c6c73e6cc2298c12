/**
 * The day chart's x axis, worked out from the days themselves: uPlot's own time axis, given one
 * day, widens it by 86,400 of its *milliseconds* (about 1,000 days when times are in seconds), and
 * on a span of a few days it labels hours. Here the range is the days shown, half a day either
 * side (each bar sits on its day's midnight, centred), and each label is a day, "Nov 24".
 */

export const DAY_SECONDS = 86_400;

/** Room one label needs at 11 px, with a gap: "Nov 24", or "Nov 24, 2026". */
const LABEL_PX = 56;
const LABEL_WITH_YEAR_PX = 88;

/** Steps between labelled days: every day, then every 2, every week, 2 weeks, 4 weeks, … */
const STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364];

/** Local midnight of a `YYYY-MM-DD` day, in seconds (the buckets are days in the browser's zone). */
export function dayStart(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime() / 1000;
}

/** The x range: from half a day before the first day to half a day after the last. */
export function dayRange(days: readonly string[]): [number, number] {
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return [0, DAY_SECONDS];
  return [dayStart(first) - DAY_SECONDS / 2, dayStart(last) + DAY_SECONDS / 2];
}

/** How many days apart the labels are, so that they fit `widthPx` without overlapping. */
export function dayTickStep(dayCount: number, widthPx: number, labelPx = LABEL_PX): number {
  const fit = Math.max(1, Math.floor(widthPx / labelPx));
  return STEPS.find((step) => Math.ceil(dayCount / step) <= fit) ?? Math.ceil(dayCount / fit);
}

/** The labelled days (their midnights): the first day, then every `step`-th. */
export function dayTicks(days: readonly string[], widthPx: number, withYear = false): number[] {
  const step = dayTickStep(days.length, widthPx, withYear ? LABEL_WITH_YEAR_PX : LABEL_PX);
  return days.filter((_, index) => index % step === 0).map(dayStart);
}

/** A tick's label: the day and month as the user's locale writes them ("Nov 24"), with the year when the days span years. */
export function dayLabel(seconds: number, withYear = false): string {
  return new Date(seconds * 1000).toLocaleDateString(
    undefined,
    withYear ? { year: "numeric", month: "short", day: "numeric" } : { month: "short", day: "numeric" },
  );
}

/** Whether the days run over more than one calendar year (then labels carry the year). */
export const spansYears = (days: readonly string[]): boolean =>
  (days[0]?.slice(0, 4) ?? "") !== (days.at(-1)?.slice(0, 4) ?? "");
