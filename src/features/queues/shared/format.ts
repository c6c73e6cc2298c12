import { timestampMs } from "../../../../contract/common";

/**
 * Small formatters for the queue pages. Numbers use the reader's locale ("10,000"); durations are
 * compact ("850 ms", "12.4 s", "3 min 5 s", "2 h 4 min") because a table column is narrow.
 */

// toLocaleString builds a new formatter on every call: a 250-row table calls it 250 times a page.
const countFormat = new Intl.NumberFormat();
export const formatCount = (n: number): string => countFormat.format(n);

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes - hours * 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** ended - started, or null while the call is still running (no end) or a timestamp is unreadable. */
export function callDurationMs(startedAt: string, endedAt: string | null | undefined): number | null {
  if (!endedAt) return null;
  const ms = timestampMs(endedAt) - timestampMs(startedAt);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The readable part of an operation name. The service stores op refs such as
 * `weave:///demo/support-bot/op/support_agent.answer:Q2x…` ; people know them as `support_agent.answer`.
 * Anything else is returned as it is.
 */
export function shortOpName(opName: string): string {
  const match = /^weave:\/\/\/[^/]+\/[^/]+\/op\/(.+?)(?::[^:/]*)?$/.exec(opName);
  return match?.[1] ?? opName;
}

/** The first characters of a long id, enough to tell ids apart in a table. */
export const shortId = (id: string, length = 8): string => (id.length > length + 1 ? `${id.slice(0, length)}…` : id);
