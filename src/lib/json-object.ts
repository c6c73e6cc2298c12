/**
 * Whether a parsed JSON value is an object with fields (not null, not an array), as zod's
 * `object()` checks. For the few readers boot.ts runs (the deployment config, the stored
 * settings): they check their fields by hand, so the first script carries no schema library.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
