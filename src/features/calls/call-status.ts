import type { Call } from "@contract/trace";

export type CallStatus = "success" | "error" | "running";

/**
 * A call's status: upstream's `summary.weave.status` when present (`descendant_error` counts as
 * success of the call itself, as upstream shows it), else read from the call: an exception is an
 * error, no end yet is running.
 */
export function callStatus(call: Pick<Call, "summary" | "exception" | "ended_at">): CallStatus {
  const weave = call.summary?.weave;
  const status = weave && typeof weave === "object" ? (weave as Record<string, unknown>).status : undefined;
  if (status === "error") return "error";
  if (status === "running") return "running";
  if (status === "success" || status === "descendant_error") return "success";
  if (call.exception) return "error";
  if (!call.ended_at) return "running";
  return "success";
}

export const STATUS_LABELS: Record<CallStatus, string> = { success: "Success", error: "Error", running: "Running" };
export const STATUS_TONES = { success: "success", error: "danger", running: "info" } as const satisfies Record<
  CallStatus,
  string
>;
