/**
 * The schema an LLM judge's model fills, shared by the dashboard (which stores it in the judge's
 * ActionSpec and sends it) and the local services' demo seed: the question's own schema as
 * `answer`, after a short `reasoning` (asked first, so the model reasons before it answers).
 * Upstream's LLM judge wraps a non-object schema in an object
 * (weave/trace_server/actions_worker/actions/llm_judge.py); this always wraps, so every verdict
 * has the same shape, `{answer, reasoning}`. docs/llm-judges.md has the whole design.
 */
export const REASONING_MAX_LENGTH = 2_000;

export function judgeResponseSchema(questionSchema: Record<string, unknown>): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      reasoning: { type: "string", maxLength: REASONING_MAX_LENGTH },
      answer: withoutDashboardKeywords(questionSchema),
    },
    required: ["reasoning", "answer"],
    additionalProperties: false,
  };
}

/** The dashboard's own keywords (`x-…`) mean nothing to a model's schema checker, and strict modes refuse unknown ones. */
function withoutDashboardKeywords(schema: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !key.startsWith("x-")));
}
