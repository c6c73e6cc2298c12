import * as z from "zod/mini";
import { intAtLeast } from "./common";
import { bounded, boundedArray, boundedNonEmpty, LIMITS } from "./limits";

// OpenAI-compatible chat completions, served by both the training and the inference service.

export const ChatRole = z.enum(["system", "user", "assistant", "tool", "developer"]);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatMessage = z.object({
  role: ChatRole,
  // OpenAI also allows an array of content parts; the dashboard sends plain text.
  content: z.nullable(z.union([z.string(), z.array(z.looseObject({ type: z.string() }))])),
  name: z.optional(bounded(LIMITS.labelLength)),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

const maxTokens = z.nullish(intAtLeast(1).check(z.lte(131072)));

/** OpenAI's rule for a response format's name: letters, digits, `_` and `-`, at most 64. */
const RESPONSE_FORMAT_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What the reply must be: prose (`text`, the default), any JSON object (`json_object`), or JSON
 * valid against a schema (`json_schema`; OpenAI's "structured outputs"). The schema's size is
 * bounded by the service (as an annotation spec's field_schema is: LIMITS.fieldSchemaBytes).
 */
export const ResponseFormat = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text") }),
  z.object({ type: z.literal("json_object") }),
  z.object({
    type: z.literal("json_schema"),
    json_schema: z.object({
      name: z.string().check(z.regex(RESPONSE_FORMAT_NAME, "must be 1 to 64 letters, digits, _ or -")),
      description: z.optional(bounded(LIMITS.descriptionLength)),
      schema: z.record(z.string(), z.unknown()),
      strict: z.nullish(z.boolean()),
    }),
  }),
]);
export type ResponseFormat = z.infer<typeof ResponseFormat>;

/**
 * The request. OpenAI's API has many more parameters; the services accept them, so this schema
 * is loose: it checks the ones the dashboard and the local services use and passes the rest on.
 */
export const ChatCompletionRequest = z.looseObject({
  model: boundedNonEmpty(LIMITS.refLength),
  messages: boundedArray(ChatMessage, LIMITS.chatMessages).check(z.minLength(1)),
  temperature: z.nullish(z.number().check(z.gte(0), z.lte(2))),
  top_p: z.nullish(z.number().check(z.gte(0), z.lte(1))),
  max_tokens: maxTokens,
  max_completion_tokens: maxTokens,
  stream: z.nullish(z.boolean()),
  stream_options: z.nullish(z.object({ include_usage: z.optional(z.boolean()) })),
  response_format: z.nullish(ResponseFormat),
});
export type ChatCompletionRequest = z.input<typeof ChatCompletionRequest>;

export const ChatUsage = z.object({
  prompt_tokens: z.int(),
  completion_tokens: z.int(),
  total_tokens: z.int(),
});
export type ChatUsage = z.infer<typeof ChatUsage>;

export const ChatCompletion = z.object({
  id: z.string(),
  object: z.string(),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.int(),
      message: z.object({ role: z.string(), content: z.nullable(z.string()) }),
      finish_reason: z.nullish(z.string()),
    }),
  ),
  usage: z.nullish(ChatUsage),
  /** OpenAI's mark of the backend that answered; the local simulation answers "local-simulation". */
  system_fingerprint: z.nullish(z.string()),
});
export type ChatCompletion = z.infer<typeof ChatCompletion>;

/** One server-sent event of a streamed completion (`data: {...}`), ended by `data: [DONE]`. */
export const ChatCompletionChunk = z.object({
  id: z.string(),
  object: z.string(),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.int(),
      delta: z.object({ role: z.nullish(z.string()), content: z.nullish(z.string()) }),
      finish_reason: z.nullish(z.string()),
    }),
  ),
  usage: z.nullish(ChatUsage),
  system_fingerprint: z.nullish(z.string()),
});
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunk>;
