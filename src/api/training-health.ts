import { Health, SystemCheck } from "@contract/training-health";
import { bearerAuth } from "./auth";
import type { ServiceClientConfig } from "./client-config";
import { createHttpClient, type CallOptions } from "./http";
import { readSystemCheck, type SystemCheckResult } from "./system-check";

/**
 * The training service's health reads (no key needed): `health` and `systemCheck`, as the training
 * client has them. Apart from training.ts: the sidebar makes both on every page, and the rest of
 * that client loads only with the pages that use it (clients.ts).
 */
export function createTrainingHealthChecks(config: ServiceClientConfig) {
  const http = createHttpClient({ ...config, service: "training", authHeaders: bearerAuth });
  return {
    health(options?: CallOptions): Promise<Health> {
      return http.json({ method: "GET", path: "/health", auth: false, options }, Health);
    },

    /** Per-check status; a 503 is returned with `ok: false` and the failed checks, not thrown. Needs no key. */
    async systemCheck(options?: CallOptions): Promise<SystemCheckResult> {
      const { status, data } = await http.jsonAllowing(
        { method: "GET", path: "/system-check", options },
        SystemCheck,
        [503],
      );
      return readSystemCheck(status, data);
    },
  };
}
