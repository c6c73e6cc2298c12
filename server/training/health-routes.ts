import type { Hono } from "hono";
import type { AppEnv } from "../http/env";
import type { JobRunner } from "./runner";

export const SYSTEM_CHECKS = ["api", "database", "cpu_queue", "gpu_queue"] as const;
export type SystemCheckName = (typeof SYSTEM_CHECKS)[number];

/** One check as the real service reports it: whether it passed, how long it took (seconds), why not. */
export type CheckResult = { success: boolean; duration: number; error: string | null };

export type HealthOptions = {
  runner: JobRunner;
  /** Makes one check fail (SIMULATE_CHECK_FAILURE), to show and test the dashboard's degraded state. */
  simulateCheckFailure?: string | undefined;
};

/**
 * GET /health and GET /system-check, both without a key as upstream (a monitor has none). The
 * system check answers `api: true` (it answered) and a `{success, duration, error}` object per
 * check, 503 when one fails (docs/contract-decisions.md#training-health; the W&B Training OpenAPI).
 */
export function registerHealthRoutes(service: Hono<AppEnv>, options: HealthOptions): void {
  service.get("/health", (c) => c.json({ status: "ok" }));

  service.get("/system-check", (c) => {
    const forced = options.simulateCheckFailure;
    const simulated = `Simulated failure (SIMULATE_CHECK_FAILURE=${forced})`;
    const run = (name: SystemCheckName, check: () => string | null): CheckResult => {
      const started = performance.now();
      const error = forced === name ? simulated : check();
      return { success: error === null, duration: (performance.now() - started) / 1000, error };
    };
    const body = {
      api: forced !== "api",
      database: run("database", () => databaseCheck(c.get("db"))),
      // Preparing data and answering requests happen in this process; if it answers, they work.
      cpu_queue: run("cpu_queue", () => null),
      gpu_queue: run("gpu_queue", () => {
        const health = options.runner.health();
        return health === "ok" ? null : health;
      }),
    };
    const healthy = body.api && body.database.success && body.cpu_queue.success && body.gpu_queue.success;
    return c.json(body, healthy ? 200 : 503);
  });
}

function databaseCheck(db: AppEnv["Variables"]["db"]): string | null {
  try {
    db.prepare("SELECT COUNT(*) FROM training_jobs").get();
    return null;
  } catch (error) {
    return `Database query failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
