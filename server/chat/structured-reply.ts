import type { ChatCompletionRequest } from "../../contract/chat";
import { echo } from "../http/echo";
import { ServiceError } from "../http/errors";
import { schemaProblem, valueProblem } from "../trace/objects/json-schema";
import { simulatedReplyText } from "./simulated-reply";
import { SchemaRefusal, schemaValue } from "./schema-value";
import { seededRandom } from "./seeded-random";
import { contentText } from "./tokens";

/** What every answer of the simulation carries in `system_fingerprint`, so a client can say "simulated". */
export const SIMULATION_FINGERPRINT = "local-simulation";

const SCHEMA_FIELD = "response_format.json_schema.schema";

/** Fresh draws tried when a drawn value fails the validator (a merged allOf, an overlapping oneOf). */
const DRAWS = 5;

/**
 * The text of the simulated reply, as `response_format` asks: prose by default; for `json_object`
 * the prose as `{"reply": ...}`; for `json_schema` the JSON of a value valid against the schema,
 * the same for the same model, messages and schema. `structuredOutput: false` is a model that
 * answers prose whatever is asked. A schema that is no JSON Schema, or that no value satisfies, is
 * a 400 naming `response_format.json_schema.schema` and why (OpenAI answers such schemas so).
 */
export function replyText(request: ChatCompletionRequest, label: string, structuredOutput: boolean): string {
  const format = structuredOutput ? request.response_format : null;
  if (!format || format.type === "text") return simulatedReplyText(label, request.messages);
  if (format.type === "json_object") return JSON.stringify({ reply: simulatedReplyText(label, request.messages) });
  const { name, schema } = format.json_schema;
  const refuse = (why: string): never => {
    throw new ServiceError(
      400,
      `Invalid schema for response_format '${echo(name)}': ${why}.`,
      "invalid_response_format",
      "response_format",
    );
  };
  const problem = schemaProblem(schema);
  if (problem) refuse(`${SCHEMA_FIELD} ${problem.replaceAll("field_schema", "schema")}`);
  let lastProblem = "";
  for (let draw = 0; draw < DRAWS; draw += 1) {
    const random = seededRandom(requestParts(request, label, schema, draw));
    let value: unknown;
    try {
      value = schemaValue(schema, random);
    } catch (error) {
      if (!(error instanceof SchemaRefusal)) throw error;
      return refuse(`${SCHEMA_FIELD}${error.path}: ${error.reason}`);
    }
    const invalid = valueProblem(schema, value);
    if (!invalid) return JSON.stringify(value);
    lastProblem = invalid;
  }
  return refuse(`${SCHEMA_FIELD}: the local simulation could not produce a value valid against it (${lastProblem})`);
}

function* requestParts(request: ChatCompletionRequest, label: string, schema: object, draw: number) {
  yield label;
  for (const message of request.messages) {
    yield message.role;
    yield contentText(message.content);
  }
  yield JSON.stringify(schema);
  yield String(draw);
}
