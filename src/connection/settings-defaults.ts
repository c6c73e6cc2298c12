import { checkServiceUrl, resolveServiceUrl } from "@/lib/service-url";
import type { ServiceUrlField } from "@/api/connection";
import { SETTINGS, urlsFrom, type ServiceUrls } from "./settings-registry";

/** The real W&B services: what a build with no other configuration talks to. */
export const WANDB_SERVICE_URLS: ServiceUrls = urlsFrom((field) => SETTINGS[field].wandbDefault);

/** The build-time variables that set a default address (settings-registry.ts names each). */
export type BuildEnv = { [F in ServiceUrlField as (typeof SETTINGS)[F]["env"]]?: string };

/**
 * Default service addresses, per service the first usable of: the serving origin's config.json,
 * the build-time environment, the real W&B address. Paths are made absolute on `origin` so the
 * settings page shows exactly where requests go.
 */
export function resolveDefaultUrls(config: Partial<ServiceUrls> | null, env: BuildEnv, origin: string): ServiceUrls {
  const pick = (field: ServiceUrlField): string => {
    for (const candidate of [config?.[field], env[SETTINGS[field].env]]) {
      if (!candidate) continue;
      const check = checkServiceUrl(candidate);
      if (check.ok) return resolveServiceUrl(check.value, origin);
    }
    return WANDB_SERVICE_URLS[field];
  };
  return urlsFrom(pick);
}
