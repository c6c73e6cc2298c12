import * as z from "zod/mini";

/** One entry of FastAPI's validation error body. */
export const ValidationErrorEntry = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationErrorEntry = z.infer<typeof ValidationErrorEntry>;

/** `{"detail": [{loc, msg, type}]}`: 422 from every service. */
export const HTTPValidationError = z.object({ detail: z.array(ValidationErrorEntry) });
export type HTTPValidationError = z.infer<typeof HTTPValidationError>;

/** `{"detail": "..."}`: training and inference services, errors other than 422. */
export const DetailMessageError = z.object({ detail: z.string() });

/** `{"reason": "..."}`: the annotation queue (trace) service, 400 and 404. */
export const ReasonError = z.object({ reason: z.string() });

/** `{"error": {"message": "..."}}`: OpenAI-style errors from the inference service. */
export const OpenAIError = z.object({
  error: z.object({
    message: z.string(),
    type: z.nullish(z.string()),
    code: z.nullish(z.union([z.string(), z.number()])),
  }),
});
