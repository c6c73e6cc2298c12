import { ChatCompletion, ChatCompletionChunk, type ChatCompletionRequest } from "@contract/chat";
import type { CallOptions, HttpClient } from "./http";

/**
 * OpenAI-compatible chat completions, the same on the training and the inference service.
 * `stream` is set by the method, so one cannot ask for JSON and get an event stream.
 */
export function chatMethods(http: HttpClient, path = "/chat/completions") {
  return {
    chatCompletion(req: ChatCompletionRequest, options?: CallOptions): Promise<ChatCompletion> {
      return http.json({ method: "POST", path, body: { ...req, stream: false }, options }, ChatCompletion);
    },

    /**
     * The completion as it is generated: `for await (const chunk of stream)`. The request is
     * sent on the first iteration; breaking out of the loop or aborting `options.signal`
     * cancels it. Errors (HTTP, transport, mid-stream) are thrown as ApiError from the loop.
     */
    streamChatCompletion(req: ChatCompletionRequest, options?: CallOptions): AsyncGenerator<ChatCompletionChunk> {
      return http.eventStream({ method: "POST", path, body: { ...req, stream: true }, options }, ChatCompletionChunk);
    },
  };
}
