import { URL_FIELDS, type ConnectionSettings } from "@/api/connection";
import { cspBlockedMessage, cspBlockedOrigin } from "@/connection/csp-connect";
import type { FieldMessages } from "./settings-validation";

/**
 * The form's warnings plus, on each service address the page's Content-Security-Policy would
 * block, what blocks it and the setting that fixes it (said while typing, before any test).
 */
export function withPolicyWarnings(
  warnings: FieldMessages,
  values: ConnectionSettings,
  connectSrc: readonly string[] | undefined,
  pageOrigin: string,
): FieldMessages {
  const merged: FieldMessages = { ...warnings };
  for (const field of URL_FIELDS) {
    const origin = cspBlockedOrigin(values[field].trim(), pageOrigin, connectSrc);
    if (origin) merged[field] = [warnings[field], cspBlockedMessage(origin)].filter(Boolean).join(" ");
  }
  return merged;
}
