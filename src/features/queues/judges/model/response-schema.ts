/**
 * What the model is asked to fill: the question's own schema as `answer`, after a short
 * `reasoning` (asked first, so the model reasons before it answers). Upstream's LLM judge wraps a
 * non-object schema in an object (weave/trace_server/actions_worker/actions/llm_judge.py); this
 * always wraps, so every verdict has the same shape: `{answer, reasoning}`.
 */
export const REASONING_MAX_LENGTH = 2_000;

export function responseSchemaFor(questionSchema: Record<string, unknown>): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      reasoning: { type: "string", maxLength: REASONING_MAX_LENGTH },
      answer: withoutOurKeywords(questionSchema),
    },
    required: ["reasoning", "answer"],
    additionalProperties: false,
  };
}

/** Keywords of ours (`x-…`) mean nothing to a model's schema checker; strict modes refuse unknown ones. */
function withoutOurKeywords(schema: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !key.startsWith("x-")));
}

/** The OpenAI `response_format` for a schema, named as upstream names it. */
export const responseFormatFor = (schema: Record<string, unknown>) => ({
  type: "json_schema" as const,
  json_schema: { name: "response_format", schema, strict: true },
});
