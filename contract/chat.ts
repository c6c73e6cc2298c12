import { z } from "zod";

// OpenAI-compatible chat completions, served by both the training and the inference service.

export const ChatRole = z.enum(["system", "user", "assistant", "tool", "developer"]);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatMessage = z.object({
  role: ChatRole,
  // OpenAI also allows an array of content parts; the dashboard sends plain text.
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).nullable(),
  name: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/**
 * The request. OpenAI's API has many more parameters; the services accept them, so this schema
 * is loose: it checks the ones the dashboard and the local services use and passes the rest on.
 */
export const ChatCompletionRequest = z.looseObject({
  model: z.string().min(1),
  messages: z.array(ChatMessage).min(1),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  max_tokens: z.int().min(1).max(131072).nullish(),
  max_completion_tokens: z.int().min(1).max(131072).nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
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
      message: z.object({ role: z.string(), content: z.string().nullable() }),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: ChatUsage.nullish(),
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
      delta: z.object({ role: z.string().nullish(), content: z.string().nullish() }),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: ChatUsage.nullish(),
});
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunk>;
