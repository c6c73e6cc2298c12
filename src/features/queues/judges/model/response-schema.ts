/** The schema a judge's model fills lives in the contract (the demo seed stores judges too). */
export { judgeResponseSchema as responseSchemaFor, REASONING_MAX_LENGTH } from "@contract/llm-judge";

/** The OpenAI `response_format` for a schema, named as upstream's LLM judge names it. */
export const responseFormatFor = (schema: Record<string, unknown>) => ({
  type: "json_schema" as const,
  json_schema: { name: "response_format", schema, strict: true },
});
