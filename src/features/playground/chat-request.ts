import { ChatCompletionRequest, type ChatMessage } from "@contract/chat";

/** The playground's settings as typed (strings, so a half-typed "0." is kept as it is). */
export type ChatParameters = { systemPrompt: string; temperature: string; maxTokens: string };
export const DEFAULT_PARAMETERS: ChatParameters = { systemPrompt: "", temperature: "0.7", maxTokens: "512" };

export type ParameterField = "temperature" | "maxTokens";
export type ParameterErrors = Partial<Record<ParameterField, string>>;

const FIELD_MESSAGES: Record<ParameterField, string> = {
  temperature: "Enter a number from 0 to 2, or leave it empty for the service's default.",
  maxTokens: "Enter a whole number from 1 to 131072, or leave it empty for the service's default.",
};

const numberOrUndefined = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text.trim()));

/**
 * The streamed chat request for these settings, checked against the contract's own schema (the
 * bounds live there once), or the fields to fix. Usage is asked for so it can be shown.
 */
export function buildChatRequest(
  model: string,
  parameters: ChatParameters,
  messages: ChatMessage[],
): { ok: true; request: ChatCompletionRequest } | { ok: false; errors: ParameterErrors } {
  const request: ChatCompletionRequest = {
    model,
    messages,
    temperature: numberOrUndefined(parameters.temperature),
    max_tokens: numberOrUndefined(parameters.maxTokens),
    stream_options: { include_usage: true },
  };
  const parsed = ChatCompletionRequest.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const errors: ParameterErrors = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === "temperature") errors.temperature = FIELD_MESSAGES.temperature;
    if (issue.path[0] === "max_tokens") errors.maxTokens = FIELD_MESSAGES.maxTokens;
  }
  // Anything else (no model yet, no message) has no parameter field to show it at: the page
  // reports the model or the empty message itself, so only the parameter errors go back.
  return { ok: false, errors };
}
