import type { ServiceName } from "./connection";

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
