import { checkServiceUrl, resolveServiceUrl } from "@/lib/service-url";
import { URL_FIELDS, type ServiceUrlField } from "@/api/connection";
import type { ServiceUrls } from "./settings-storage";

/** The real W&B services: what a build with no other configuration talks to. */
export const WANDB_SERVICE_URLS: ServiceUrls = {
  traceBaseUrl: "https://trace.wandb.ai",
  trainingBaseUrl: "https://api.training.wandb.ai/v1",
  inferenceBaseUrl: "https://api.inference.wandb.ai/v1",
  wandbApiBaseUrl: "https://api.wandb.ai",
};

export type BuildEnv = {
  VITE_TRACE_BASE_URL?: string;
  VITE_TRAINING_BASE_URL?: string;
  VITE_INFERENCE_BASE_URL?: string;
  VITE_WANDB_API_BASE_URL?: string;
};

const ENV_NAMES: Record<ServiceUrlField, keyof BuildEnv> = {
  traceBaseUrl: "VITE_TRACE_BASE_URL",
  trainingBaseUrl: "VITE_TRAINING_BASE_URL",
  inferenceBaseUrl: "VITE_INFERENCE_BASE_URL",
  wandbApiBaseUrl: "VITE_WANDB_API_BASE_URL",
};

/**
 * Default service addresses, per service the first usable of: the serving origin's config.json,
 * the build-time environment, the real W&B address. Paths are made absolute on `origin` so the
 * settings page shows exactly where requests go.
 */
export function resolveDefaultUrls(config: Partial<ServiceUrls> | null, env: BuildEnv, origin: string): ServiceUrls {
  const pick = (field: ServiceUrlField): string => {
    for (const candidate of [config?.[field], env[ENV_NAMES[field]]]) {
      if (!candidate) continue;
      const check = checkServiceUrl(candidate);
      if (check.ok) return resolveServiceUrl(check.value, origin);
    }
    return WANDB_SERVICE_URLS[field];
  };
  return Object.fromEntries(URL_FIELDS.map((field) => [field, pick(field)])) as ServiceUrls;
}
