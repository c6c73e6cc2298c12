import { Health } from "@contract/training-health";
import { bearerAuth } from "./auth";
import type { ServiceClientConfig } from "./client-config";
import { createHttpClient, type CallOptions } from "./http";

/**
 * The training service's health read (no key needed). Apart from training.ts: the sidebar checks
 * health on every page, and the rest of that client loads only with the pages that use it.
 */
export function createTrainingHealthCheck(config: ServiceClientConfig) {
  const http = createHttpClient({ ...config, service: "training", authHeaders: bearerAuth });
  return (options?: CallOptions): Promise<Health> => http.json({ method: "GET", path: "/health", auth: false, options }, Health);
}
