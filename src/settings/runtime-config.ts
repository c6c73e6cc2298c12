import * as z from "zod/mini";

/**
 * /config.json, written by whoever serves the dashboard (the local services do): default service
 * addresses for this deployment, whether they are the local reference services, and optionally
 * the API clients' request timeout. Tolerant,
 * like every response schema: unknown fields are ignored and bad values fall back.
 */
const optionalString = z.catch(z.optional(z.string()), undefined);
const RuntimeConfigSchema = z.object({
  traceBaseUrl: optionalString,
  trainingBaseUrl: optionalString,
  inferenceBaseUrl: optionalString,
  wandbApiBaseUrl: optionalString,
  localServices: z.catch(z.boolean(), false),
  /** Origins the page's CSP `connect-src` allows besides its own (the local server's CSP_CONNECT_SRC); absent: not known. */
  cspConnectSrc: z.catch(z.optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(100))), undefined),
  /** Per-request timeout of the API clients, for deployments behind slow links (default 30 s). */
  requestTimeoutMs: z.catch(z.optional(z.int().check(z.gte(1000), z.lte(600_000))), undefined),
});

export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export const EMPTY_RUNTIME_CONFIG: RuntimeConfig = { localServices: false };

/**
 * Fetched once before the first render, so the first requests already use the right addresses.
 * A static host without the file (404, or index.html from a SPA fallback) or a slow one falls
 * back to the build-time defaults instead of blocking the app.
 */
export async function loadRuntimeConfig(
  options: { fetch?: typeof fetch; url?: string; timeoutMs?: number } = {},
): Promise<RuntimeConfig> {
  const fetchConfig = options.fetch ?? fetch;
  try {
    const response = await fetchConfig(options.url ?? "/config.json", {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    if (!response.ok) return EMPTY_RUNTIME_CONFIG;
    const parsed = z.safeParse(RuntimeConfigSchema, await response.json());
    return parsed.success ? parsed.data : EMPTY_RUNTIME_CONFIG;
  } catch {
    return EMPTY_RUNTIME_CONFIG;
  }
}

let pageRuntimeConfig: Promise<RuntimeConfig> | undefined;

/** This page's config, fetched once: boot.ts asks first, main.tsx gets the same answer. */
export function loadRuntimeConfigOnce(): Promise<RuntimeConfig> {
  pageRuntimeConfig ??= loadRuntimeConfig();
  return pageRuntimeConfig;
}
