import { keyFingerprint } from "./auth";
import type { ServiceName } from "./connection";
import { usableBaseUrl } from "./url";

/** What each service client needs; clients.ts fills it from the connection settings. */
export type ServiceClientConfig = {
  /** Absolute or origin-relative; see url.ts. */
  baseUrl: string;
  /** "" when none is set: calls that need it fail with "not_configured" before any fetch. */
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/**
 * What a client's data depends on besides the request: which service address, and whose key
 * (as a fingerprint). Query keys start with it, so another address or key is another cache.
 */
export type ClientScope = {
  service: ServiceName;
  baseUrl: string;
  keyFingerprint: string;
};

/**
 * A client's scope for its config: the address as the client resolves it ("" when unusable) and
 * the key's fingerprint. Every client builds its own with this, and so does the lazy facade
 * (clients.ts), which must match the client it stands for before that client's code has loaded.
 */
export function clientScope(
  service: ServiceName,
  config: Pick<ServiceClientConfig, "baseUrl" | "apiKey">,
): ClientScope {
  return { service, baseUrl: usableBaseUrl(config.baseUrl) ?? "", keyFingerprint: keyFingerprint(config.apiKey) };
}
