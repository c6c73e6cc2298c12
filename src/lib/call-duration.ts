import { timestampMs } from "@contract/common";

/** ended - started, or null while the call is still running (no end) or a timestamp is unreadable. */
export function callDurationMs(startedAt: string, endedAt: string | null | undefined): number | null {
  if (!endedAt) return null;
  const ms = timestampMs(endedAt) - timestampMs(startedAt);
  return Number.isFinite(ms) ? ms : null;
}
