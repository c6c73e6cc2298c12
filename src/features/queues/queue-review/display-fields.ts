import type { Call } from "../../../../contract/trace";

export type ResolvedField = { path: string; found: true; value: unknown } | { path: string; found: false };

/**
 * Reads a dotted path such as `inputs.question`, `output.answer` or `inputs.messages.0.content`
 * from a call. A segment is a property name or an array index; a key that itself contains dots is
 * matched too (the longest key that fits wins).
 */
export function resolvePath(call: Pick<Call, "inputs" | "output"> & Record<string, unknown>, path: string): ResolvedField {
  const segments = path.split(".").filter((s) => s !== "");
  let current: unknown = call;
  let i = 0;
  while (i < segments.length) {
    if (current === null || typeof current !== "object") return { path, found: false };
    let matched = false;
    // Longest key first, so {"a.b": 1} is found for the path "a.b".
    for (let end = segments.length; end > i; end--) {
      const key = segments.slice(i, end).join(".");
      const container = current as Record<string, unknown>;
      const index = Array.isArray(current) && /^\d+$/.test(key) ? Number(key) : null;
      if (index !== null ? index < (current as unknown[]).length : Object.hasOwn(container, key)) {
        current = index !== null ? (current as unknown[])[index] : container[key];
        i = end;
        matched = true;
        break;
      }
    }
    if (!matched) return { path, found: false };
  }
  return { path, found: true, value: current };
}
