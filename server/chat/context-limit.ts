import type { ChatCompletionRequest } from "../../contract/chat";
import { ServiceError } from "../http/errors";
import { contextWindowOf } from "./context-windows";
import { approximatePromptTokens } from "./tokens";

/**
 * 400 `context_length_exceeded` when the prompt (plus `max_tokens`, when asked for) is longer
 * than the base model's context window, worded as vLLM words it ("This model's maximum context
 * length is N tokens. However, you requested M tokens (P in the messages, C in the
 * completion)..."). Checked before any work on the prompt, so an oversized one costs a length
 * sum, not a reply.
 */
export function assertFitsContext(request: ChatCompletionRequest, baseModel: string): void {
  const window = contextWindowOf(baseModel);
  const promptTokens = approximatePromptTokens(request.messages);
  const completionTokens = request.max_completion_tokens ?? request.max_tokens ?? 0;
  const requested = promptTokens + completionTokens;
  if (requested <= window) return;
  throw new ServiceError(
    400,
    `This model's maximum context length is ${window} tokens. However, you requested ${requested} tokens ` +
      `(${promptTokens} in the messages, ${completionTokens} in the completion). Please reduce the length of the messages or completion.`,
    "context_length_exceeded",
    "messages",
  );
}
