import * as z from "zod/mini";
import { urlsFrom } from "./settings-registry";

/**
 * /config.json, written by whoever serves the dashboard (the local services do): default service
 * addresses for this deployment, whether they are the local reference services, and optionally
 * the API clients' request timeout. Tolerant,
 * like every response schema: unknown fields are ignored and bad values fall back.
 */
const optionalString = z.catch(z.optional(z.string()), undefined);
const RuntimeConfigSchema = z.object({
  ...urlsFrom(() => optionalString),
  localServices: z.catch(z.boolean(), false),
  /** Origins the page's CSP `connect-src` allows besides its own (the local server's CSP_CONNECT_SRC); absent: not known. */
  cspConnectSrc: z.catch(z.optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(100))), undefined),
  /** Per-request timeout of the API clients, for deployments behind slow links (default 30 s). */
  requestTimeoutMs: z.catch(z.optional(z.int().check(z.gte(1000), z.lte(600_000))), undefined),
});

export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export const EMPTY_RUNTIME_CONFIG: RuntimeConfig = { localServices: false };

export const CONFIG_PATH = "/config.json";
export const CONFIG_TIMEOUT_MS = 3000;

/**
 * What reading /config.json came to. "absent": the deployment has none (a 404, or a static host's
 * history fallback answering with index.html), so the build-time or W&B defaults are meant to
 * apply. "failed": there may well be one, but it could not be read (`reason` says why), so the
 * defaults in use are a guess, and nothing secret may follow them (see settings-store.ts).
 */
export type ConfigRead =
  | { status: "read"; config: RuntimeConfig }
  | { status: "absent"; config: RuntimeConfig }
  | { status: "failed"; config: RuntimeConfig; reason: string };

export type ConfigStatus = ConfigRead["status"];

const failed = (reason: string): ConfigRead => ({ status: "failed", config: EMPTY_RUNTIME_CONFIG, reason });
const ABSENT: ConfigRead = { status: "absent", config: EMPTY_RUNTIME_CONFIG };

/** A history fallback's page rather than a config: an HTML type, or a body that starts like markup. */
function isWebPage(contentType: string, text: string): boolean {
  return contentType.includes("text/html") || /^\s*</.test(text);
}

/**
 * Fetched before the first render, so the first requests already use the right addresses; a host
 * that does not answer within CONFIG_TIMEOUT_MS is not waited for longer (the app starts, and says
 * the config failed). Never throws.
 */
export async function readRuntimeConfig(
  options: { fetch?: typeof fetch; url?: string; timeoutMs?: number } = {},
): Promise<ConfigRead> {
  const fetchConfig =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? CONFIG_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchConfig(options.url ?? CONFIG_PATH, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      cache: "no-cache",
      signal,
    });
    if (response.status === 404) return ABSENT;
    if (!response.ok) return failed(`the server answered HTTP ${response.status}`);
    const text = await response.text();
    const contentType = response.headers.get("content-type") ?? "";
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return isWebPage(contentType, text)
        ? ABSENT
        : failed(`the answer is not JSON (${contentType || "no content type"})`);
    }
    const parsed = z.safeParse(RuntimeConfigSchema, value);
    return parsed.success
      ? { status: "read", config: parsed.data }
      : failed("the answer is JSON but not a configuration object");
  } catch {
    if (signal.aborted) return failed(`it did not answer within ${timeoutMs / 1000} s`);
    return failed("the request failed (network error)");
  }
}

let pageRuntimeConfig: Promise<ConfigRead> | undefined;

/** This page's config, fetched once: boot.ts asks first, main.tsx gets the same answer. */
export function loadRuntimeConfigOnce(): Promise<ConfigRead> {
  pageRuntimeConfig ??= readRuntimeConfig();
  return pageRuntimeConfig;
}
