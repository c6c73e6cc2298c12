import { formatTimeAgo } from "@/lib/relative-time";
import type { Claim } from "./claims";

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * A claim's start as people say it: "14:02" today, "Nov 26, 2026, 14:02" on another day; `compact`
 * (a table cell) drops the other day's time and year: "Nov 26".
 */
export function claimTime(since: number, now: number, compact = false): string {
  const at = new Date(since);
  const options: Intl.DateTimeFormatOptions = sameDay(at, new Date(now))
    ? { timeStyle: "short" }
    : compact
      ? { month: "short", day: "numeric" }
      : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(undefined, options).format(at);
}

/** "since 14:02 (12 minutes ago)", the way a claim's age is named on the review and in the table. */
export function claimSince(claim: Pick<Claim, "since">, now: number): string {
  if (claim.since === null) return "since an unknown time";
  return `since ${claimTime(claim.since, now)} (${formatTimeAgo(new Date(claim.since), new Date(now))})`;
}
