import { Hono } from "hono";
import { requireApiKey } from "../../auth/middleware";
import type { AppEnv } from "../../http/env";
import type { JobRunner } from "../runner";

export const SYSTEM_CHECKS = ["api", "database", "cpu_queue", "gpu_queue"] as const;
export type SystemCheckName = (typeof SYSTEM_CHECKS)[number];

export type HealthOptions = {
  runner: JobRunner;
  /** Makes one check fail (SIMULATE_CHECK_FAILURE), to show and test the dashboard's degraded state. */
  simulateCheckFailure?: string | undefined;
};

/** GET /health (no key) and GET /system-check: every check "ok" or a failure message; 503 if any fails. */
export function healthRoutes(options: HealthOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get("/health", (c) => c.json({ status: "ok" }));

  routes.get("/system-check", requireApiKey, (c) => {
    const checks: Record<SystemCheckName, string> = {
      api: "ok",
      database: databaseCheck(c.get("db")),
      // Preparing data and answering requests happen in this process; if it answers, they work.
      cpu_queue: "ok",
      gpu_queue: options.runner.health(),
    };
    const forced = options.simulateCheckFailure;
    if (forced && (SYSTEM_CHECKS as readonly string[]).includes(forced)) {
      checks[forced as SystemCheckName] = `Simulated failure (SIMULATE_CHECK_FAILURE=${forced})`;
    }
    const healthy = Object.values(checks).every((value) => value === "ok");
    return c.json(checks, healthy ? 200 : 503);
  });

  return routes;
}

function databaseCheck(db: AppEnv["Variables"]["db"]): string {
  try {
    db.prepare("SELECT COUNT(*) FROM training_jobs").get();
    return "ok";
  } catch (error) {
    return `Database query failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
