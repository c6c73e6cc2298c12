import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { LIMITS } from "../../../contract/limits";

/**
 * JSON Schema for human-annotation specs, with Ajv (draft 2020-12, the draft upstream's Python
 * `jsonschema` picks for a schema without `$schema`). Not strict: like `jsonschema`, unknown
 * keywords are allowed. Compiled validators are kept per schema text (a spec is read for every
 * answer given to it), a bounded number of them.
 */
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 500;

/** Why `schema` is not a JSON Schema that can be used, or null when it is. */
export function schemaProblem(schema: unknown): string | null {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return "must be a JSON object (a JSON Schema)";
  const text = JSON.stringify(schema);
  if (Buffer.byteLength(text) > LIMITS.fieldSchemaBytes)
    return `must be at most ${LIMITS.fieldSchemaBytes} bytes of JSON`;
  if (!ajv.validateSchema(schema))
    return `is not a valid JSON Schema: ${ajv.errorsText(ajv.errors, { dataVar: "field_schema" })}`;
  try {
    validatorFor(schema, text);
  } catch (error) {
    return `is not a usable JSON Schema: ${error instanceof Error ? error.message : String(error)}`;
  }
  return null;
}

/** Why `value` does not satisfy `schema`, or null when it does. `schema` must have passed schemaProblem. */
export function valueProblem(schema: object, value: unknown): string | null {
  const validate = validatorFor(schema, JSON.stringify(schema));
  if (validate(value)) return null;
  return ajv.errorsText(validate.errors, { dataVar: "value" });
}

function validatorFor(schema: object, text: string): ValidateFunction {
  const known = compiled.get(text);
  if (known) return known;
  // Compiled without a registry entry: specs may share `$id`s, and each stands alone.
  const validate = ajv.compile({ ...schema, $id: undefined });
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(text, validate);
  return validate;
}
