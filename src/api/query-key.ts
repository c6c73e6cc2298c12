import type { ClientScope } from "./client-config";

/**
 * The one way a query key is made: the client's scope (service, base URL, key fingerprint, never
 * the key), then the resource's parts from general to specific (TkDodo's "Effective React Query
 * Keys"), so a prefix names a whole family: a mutation invalidates `scopedKey(scope, "items", id)`
 * and every page, item and window of that queue goes stale. New settings make a new scope, so
 * another account's cache is never shown.
 */
export const scopedKey = <const Parts extends readonly unknown[]>(scope: ClientScope, ...parts: Parts) =>
  [scope.service, scope.baseUrl, scope.keyFingerprint, ...parts] as const;
