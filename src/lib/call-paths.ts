/**
 * Dotted paths into a call (`inputs.messages`, `output.choices.0.message`, `output.answer`): how a
 * call's conversation is found when it is not an OpenAI-style chat call. `[0]` is read as `.0`.
 */

export type CallPart = { inputs?: unknown; output?: unknown };

/** A path's segments, or null when it does not start at the call's inputs or output. */
export function parsePath(path: string): string[] | null {
  const segments = path
    .trim()
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((segment) => segment !== "");
  if (segments.length === 0 || (segments[0] !== "inputs" && segments[0] !== "output")) return null;
  return segments;
}

/** The value at `path` in the call, or undefined when any step is missing. */
export function readPath(call: CallPart, segments: readonly string[]): unknown {
  let value: unknown = call;
  for (const segment of segments) {
    if (value === null || typeof value !== "object") return undefined;
    value = Array.isArray(value)
      ? /^\d+$/.test(segment)
        ? value[Number(segment)]
        : undefined
      : Object.hasOwn(value, segment)
        ? (value as Record<string, unknown>)[segment]
        : undefined;
  }
  return value;
}
