import { timestampMs } from "@contract/common";
import { parseOpRef } from "@/lib/op-refs";

/** Formatters of the queue pages' own data: calls' durations, op names, ids. */

/** ended - started, or null while the call is still running (no end) or a timestamp is unreadable. */
export function callDurationMs(startedAt: string, endedAt: string | null | undefined): number | null {
  if (!endedAt) return null;
  const ms = timestampMs(endedAt) - timestampMs(startedAt);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The readable part of an operation name. The service stores op refs such as
 * `weave:///demo/support-bot/op/support_agent.answer:Q2x…` ; people know them as `support_agent.answer`.
 * Anything else is returned as it is. (op-names.ts adds the version where a name has several.)
 */
export function shortOpName(opName: string): string {
  return parseOpRef(opName)?.name ?? opName;
}

/** The first characters of a long id, enough to tell ids apart in a table. */
export const shortId = (id: string, length = 8): string => (id.length > length + 1 ? `${id.slice(0, length)}…` : id);
