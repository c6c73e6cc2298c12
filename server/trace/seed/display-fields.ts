import type { CallKind } from "./demo-calls";

/** What an annotator reads first for each kind of demo call: paths that every call of that kind has. */
export const DISPLAY_FIELDS_BY_KIND: Record<CallKind, readonly string[]> = {
  answer: ["inputs.question", "output.answer"],
  answer_v1: ["inputs.question", "output.answer"],
  search: ["inputs.query", "output"],
  classify: ["inputs.message", "output.intent"],
  policy_check: ["inputs.requested_action", "inputs.item_condition", "output.allowed", "output.rule"],
  escalate: ["inputs.question", "output.escalation_reason", "output.answer"],
  summarize: ["inputs.transcript", "output.summary"],
};

/**
 * A seeded item's display fields, all present in its call: a call that failed or is still running
 * has no output, so its output paths give way to its exception (when it has one).
 */
export function presentDisplayFields(
  wanted: readonly string[],
  call: { output?: unknown; exception?: string | null },
): string[] {
  if (call.output !== null && call.output !== undefined) return [...wanted];
  const fromInputs = wanted.filter((path) => path.startsWith("inputs."));
  return call.exception ? [...fromInputs, "exception"] : fromInputs;
}
