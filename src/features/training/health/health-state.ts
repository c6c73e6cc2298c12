import { isApiError } from "@/api/errors";
import type { SystemCheckResult } from "@/api/system-check";

export type HealthLevel = "checking" | "ok" | "degraded" | "down" | "unknown";

export type TrainingHealth = {
  level: HealthLevel;
  /** A few words for the sidebar. */
  label: string;
  /** Sentences for the detail popover. */
  details: string[];
};

type QueryView<T> = { data?: T; error?: unknown; isPending: boolean };

/**
 * The training service's health from /health (liveness, no key) and /system-check (per check,
 * with the key): down when it does not answer, degraded when a check fails (a 503 names it).
 */
export function deriveTrainingHealth(
  health: QueryView<unknown>,
  check: QueryView<SystemCheckResult> & { enabled: boolean },
): TrainingHealth {
  if (health.error) {
    const reason = isApiError(health.error) ? health.error.message : String(health.error);
    return { level: "down", label: "Training service down", details: [`The health check failed: ${reason}`] };
  }
  if (health.isPending) return { level: "checking", label: "Checking training service…", details: [] };
  if (!check.enabled)
    return {
      level: "unknown",
      label: "Training service reachable",
      details: ["It answers its health check. Add an API key to run its system check."],
    };
  if (check.error) {
    const api = isApiError(check.error) ? check.error : null;
    if (api && (api.kind === "server" || api.kind === "network" || api.kind === "timeout")) {
      return { level: "down", label: "Training service failing", details: [`The system check failed: ${api.message}`] };
    }
    return {
      level: "unknown",
      label: "Training service reachable",
      details: [`It answers, but the system check could not run: ${api?.message ?? String(check.error)}`],
    };
  }
  if (check.isPending || !check.data) return { level: "checking", label: "Checking training service…", details: [] };
  if (check.data.ok)
    return {
      level: "ok",
      label: "Training service OK",
      details: [`All ${check.data.checks.length} checks pass: ${check.data.checks.map((c) => c.name).join(", ")}.`],
    };
  return {
    level: "degraded",
    label: `Training degraded: ${check.data.failed.map((c) => c.name).join(", ")}`,
    details: check.data.failed.map((c) => `${c.name}: ${c.message}`),
  };
}
