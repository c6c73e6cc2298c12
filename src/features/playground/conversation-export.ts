import type { ChatParameters } from "./chat-request";
import { chatMessages, type Turn } from "./conversation";
import type { PlaygroundTarget } from "./playground-url-state";

/**
 * The conversation as JSON in the shape of an OpenAI chat request (plus which service answered),
 * so it can be replayed with any OpenAI-compatible client. Settings are included as typed numbers.
 */
const typedNumber = (text: string) => (text.trim() === "" || Number.isNaN(Number(text)) ? undefined : Number(text));

export function conversationJson(target: PlaygroundTarget, parameters: ChatParameters, turns: readonly Turn[]): string {
  return JSON.stringify(
    {
      service: target.service,
      model: target.model,
      temperature: typedNumber(parameters.temperature),
      max_tokens: typedNumber(parameters.maxTokens),
      messages: chatMessages(turns, parameters.systemPrompt),
    },
    null,
    2,
  );
}
