import { isJsonObject } from "@/lib/json-object";
import { urlsFrom, type ServiceUrls } from "./settings-registry";

/**
 * /config.json, written by whoever serves the dashboard (the local services do): default service
 * addresses for this deployment, whether they are the local reference services, and optionally
 * the API clients' request timeout.
 */
export type RuntimeConfig = Partial<ServiceUrls> & {
  localServices: boolean;
  /** Origins the page's CSP `connect-src` allows besides its own (the local server's CSP_CONNECT_SRC); absent: not known. */
  cspConnectSrc?: string[];
  /** Per-request timeout of the API clients, for deployments behind slow links (default 30 s). */
  requestTimeoutMs?: number;
};

/**
 * The config in a parsed /config.json, or undefined when it is no object. Tolerant, like every
 * response schema: unknown fields are ignored and a bad value falls back (absent; `localServices`
 * false). Checked by hand rather than by a schema: boot.ts reads it, and carries no schema library
 * (runtime-config.test.ts holds it to the zod schema it replaced).
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig | undefined {
  if (!isJsonObject(value)) return undefined;
  const config: RuntimeConfig = { localServices: typeof value.localServices === "boolean" && value.localServices };
  for (const [field, url] of Object.entries(urlsFrom((name) => value[name])))
    if (typeof url === "string") config[field as keyof ServiceUrls] = url;
  const origins = value.cspConnectSrc;
  if (
    Array.isArray(origins) &&
    origins.length <= 100 &&
    origins.every((origin) => typeof origin === "string" && origin.length <= 500)
  )
    config.cspConnectSrc = origins as string[];
  const timeout = value.requestTimeoutMs;
  if (typeof timeout === "number" && Number.isInteger(timeout) && timeout >= 1000 && timeout <= 600_000)
    config.requestTimeoutMs = timeout;
  return config;
}

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
    const config = parseRuntimeConfig(value);
    return config ? { status: "read", config } : failed("the answer is JSON but not a configuration object");
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
