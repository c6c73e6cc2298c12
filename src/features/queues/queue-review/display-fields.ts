import type { Call } from "@contract/trace";

export type ResolvedField = { path: string; found: true; value: unknown } | { path: string; found: false };

/**
 * Reads a dotted path such as `inputs.question`, `output.answer` or `inputs.messages.0.content`
 * from a call. A segment is a property name or an array index; a key that itself contains dots is
 * matched too (the longest key that fits wins). Empty segments are skipped (`a..b` reads `a.b`).
 *
 * Linear in the path and in the keys of the objects it passes through: the path comes from the
 * service and may be any length (a 100 KB path once froze the page for 41 s when every run of
 * segments was joined and looked up). Each step asks the object only for its own dotted keys and
 * for the one segment under the cursor, and never builds a string longer than a key it holds.
 */
export function resolvePath(
  call: Pick<Call, "inputs" | "output"> & Record<string, unknown>,
  path: string,
): ResolvedField {
  const normal = path
    .split(".")
    .filter((s) => s !== "")
    .join(".");
  let current: unknown = call;
  let at = 0;
  while (at < normal.length) {
    if (current === null || typeof current !== "object") return { path, found: false };
    const dot = normal.indexOf(".", at);
    const segmentEnd = dot === -1 ? normal.length : dot;
    const step = Array.isArray(current)
      ? arrayStep(current, normal.slice(at, segmentEnd))
      : objectStep(current as Record<string, unknown>, normal, at, segmentEnd);
    if (!step) return { path, found: false };
    current = step.value;
    at = at + step.length + 1;
  }
  return { path, found: true, value: current };
}

type Step = { value: unknown; length: number };

function arrayStep(array: readonly unknown[], segment: string): Step | null {
  if (/^\d+$/.test(segment)) {
    const index = Number(segment);
    return index < array.length ? { value: array[index], length: segment.length } : null;
  }
  // Own properties of an array other than indexes (only `length` from JSON).
  return Object.hasOwn(array, segment)
    ? { value: (array as unknown as Record<string, unknown>)[segment], length: segment.length }
    : null;
}

function objectStep(object: Record<string, unknown>, path: string, at: number, segmentEnd: number): Step | null {
  // A key with dots spans several segments, so it is longer than the one segment: if one fits it wins.
  let best: string | null = null;
  for (const key of Object.keys(object)) {
    if (key.length <= segmentEnd - at || (best !== null && key.length <= best.length) || !key.includes(".")) continue;
    const end = at + key.length;
    if ((end === path.length || path[end] === ".") && path.startsWith(key, at)) best = key;
  }
  if (best !== null) return { value: object[best], length: best.length };
  const segment = path.slice(at, segmentEnd);
  return Object.hasOwn(object, segment) ? { value: object[segment], length: segment.length } : null;
}
