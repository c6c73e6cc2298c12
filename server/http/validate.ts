import type { Context } from "hono";
import type { z } from "zod";
import { RequestValidationError } from "./errors";
import { toValidationDetail } from "./validation-error";

/**
 * Reads and validates a JSON body. Malformed JSON is a 422 `json_invalid` as in FastAPI, not a 500.
 */
export async function validateJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const text = await c.req.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    throw new RequestValidationError([
      { loc: ["body", Number(position ?? 0)], msg: "JSON decode error", type: "json_invalid" },
    ]);
  }
  return parseOrThrow(schema, data, "body");
}

/** Validates the query string (each key once; repeated keys take the last value). */
export function validateQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.query(), "query");
}

export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown, source: "body" | "query" | "path"): z.output<T> {
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw new RequestValidationError(toValidationDetail(result.error.issues, source));
  return result.data;
}
