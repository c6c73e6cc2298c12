import type { SystemCheck } from "@contract/training-health";

/** One named check of the training service's system check, read into something a page can show. */
export type SystemCheckEntry = { name: string; ok: boolean; message: string };

/**
 * The training service's system check. A 503 (a check failed) is returned, not thrown: the page
 * needs to show which check failed, and a failing GPU queue does not make the service unusable.
 */
export type SystemCheckResult = {
  /** Every check passed (and the service answered 200). */
  ok: boolean;
  /** HTTP status: 200, or 503 when a check failed. */
  status: number;
  checks: SystemCheckEntry[];
  failed: SystemCheckEntry[];
};

// The real service answers `api: true` and `{success, duration, error}` per queue check
// (docs/contract-decisions.md#training-health); older or other deployments answered "ok" strings or
// `{ok|healthy|status}` objects, so those are read too.
const OK_WORDS = /^(ok|okay|healthy|pass|passed|up|true|success)$/i;

export function readSystemCheck(status: number, body: SystemCheck): SystemCheckResult {
  const checks = Object.entries(body).map(([name, value]) => ({ name, ok: isOk(value), message: messageOf(value) }));
  const failed = checks.filter((c) => !c.ok);
  return { ok: status < 400 && failed.length === 0, status, checks, failed };
}

function isOk(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") return OK_WORDS.test(value.trim());
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    if ("success" in record) return isOk(record.success);
    if ("ok" in record) return isOk(record.ok);
    if ("healthy" in record) return isOk(record.healthy);
    if ("status" in record) return isOk(record.status);
  }
  return false;
}

function messageOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of ["error", "message", "detail", "status"]) {
      if (typeof record[key] === "string") return record[key];
    }
    // A passing `{success: true, duration, error: null}` has nothing to say.
    if (record.success === true) return "";
  }
  if (typeof value === "boolean") return "";
  return JSON.stringify(value) ?? String(value);
}
