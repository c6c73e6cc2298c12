/**
 * Formatters shared across the app. Numbers use the reader's locale ("10,000"); durations are
 * compact ("850 ms", "12.4 s", "3 min 5 s", "2 h 4 min") because a table column is narrow, and an
 * estimate is rounded further (`formatEta`: "about 3 min left"), where more precision would be false.
 * Formatters of one domain (metrics, op names) stay with their feature.
 */

// toLocaleString builds a new formatter on every call: a 250-row table calls it 250 times a page.
// Made on first use, not when the module loads: the first Intl object of a page is costly
// (the locale data), which a page that formats no count should not pay during its first load.
let countFormat: Intl.NumberFormat | undefined;
export const formatCount = (n: number): string => (countFormat ??= new Intl.NumberFormat()).format(n);

/** "1 group", "2 groups", "1,200 problems": a count with its noun in the right number. */
export const countOf = (n: number, noun: string, plural = `${noun}s`): string =>
  `${formatCount(n)} ${n === 1 ? noun : plural}`;

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  // Rounded before it is split, so 59.6 s reads "1 min 0 s" and 659.6 s "11 min 0 s", never "60 s" in a minute.
  const wholeSeconds = Math.round(seconds);
  if (wholeSeconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : wholeSeconds} s`;
  const minutes = Math.floor(wholeSeconds / 60);
  if (minutes < 60) return `${minutes} min ${wholeSeconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes - hours * 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** "45 s", "3 min", "1 h 20 min": for an estimate or a wait, where more precision would be false. */
export function formatEta(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

// Made on first use: building a date formatter loads the locale's date data, which no page needs
// before its first paint (it shows in the catalog's cold load).
let clockFormat: Intl.DateTimeFormat | undefined;
/** The time of day, to the second, in the reader's locale ("14:05:09"): when something last happened today. */
export const formatClockTime = (epochMs: number): string => {
  clockFormat ??= new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return clockFormat.format(epochMs);
};

/** 1st, 2nd, 3rd, 4th … for sort priorities and places in a list. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}
