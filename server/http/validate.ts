import type { Context } from "hono";
import * as z from "zod/mini";
import { RequestValidationError } from "./errors";
import { readJsonBody } from "./json-body";
import { toValidationDetail } from "./validation-error";

/**
 * Reads and validates a JSON body (see readJsonBody for what counts as one). Malformed JSON is a
 * 422 `json_invalid` as in FastAPI, not a 500.
 */
export async function validateJson<T extends z.core.$ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  return parseOrThrow(schema, await readJsonBody(c), "body");
}

/** Validates the query string (each key once; a repeated key keeps its first value, as Hono reads it). */
export function validateQuery<T extends z.core.$ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.query(), "query");
}

export function parseOrThrow<T extends z.core.$ZodType>(schema: T, data: unknown, source: "body" | "query" | "path"): z.output<T> {
  const result = z.safeParse(schema, data, { reportInput: true });
  if (!result.success) throw new RequestValidationError(toValidationDetail(result.error.issues, source));
  return result.data;
}
