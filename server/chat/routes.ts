import type { Context, Hono } from "hono";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { ChatCompletionRequest, type ChatCompletion, type ChatCompletionChunk } from "../../contract/chat";
import type { AppEnv } from "../http/env";
import { validateJson } from "../http/validate";
import { assertFitsContext } from "./context-limit";
import { planCompletion, type CompletionPlan } from "./completion";
import { resolveChatModel } from "./model-resolver";
import { sseStream } from "./sse";
import { SIMULATION_FINGERPRINT } from "./structured-reply";

export type ChatRouteOptions = {
  /** Milliseconds between streamed tokens. */
  tokenDelayMs: number;
  /** Model names the service serves directly, besides trained checkpoints. */
  servedModels: readonly string[];
  /** Admission control (the inference service's concurrency limit): throws, or returns a release. */
  admit?: (c: Context<AppEnv>) => () => void;
  /** Where to answer; default `/chat/completions`. */
  paths?: readonly string[];
  /** Served models that answer prose whatever `response_format` asks (no structured output). */
  proseOnlyModels?: readonly string[];
};

/**
 * POST /chat/completions of both services: OpenAI-compatible, answered by the local simulation
 * (see completion.ts), whole or as server-sent events when `stream` is true. `paths` when a
 * service lists more than the usual one. Every answer says `system_fingerprint: "local-simulation"`.
 */
export function registerChatRoutes(service: Hono<AppEnv>, options: ChatRouteOptions): void {
  const handler = chatCompletionHandler(options);
  for (const path of options.paths ?? ["/chat/completions"]) service.post(path, handler);
}

function chatCompletionHandler(options: ChatRouteOptions) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const request = await validateJson(c, ChatCompletionRequest);
    const { label, baseModel } = resolveChatModel(c.get("db"), c.get("user"), request.model, options.servedModels);
    assertFitsContext(request, baseModel);
    const plan = planCompletion(request, label, !options.proseOnlyModels?.includes(request.model));
    const id = `chatcmpl-${randomBytes(12).toString("hex")}`;
    const created = Math.floor(Date.now() / 1000);
    const release = options.admit?.(c) ?? (() => {});
    if (!request.stream) {
      try {
        // Generation takes time, streamed or not; a client that gives up ends it early.
        await sleep(plan.pieces.length * options.tokenDelayMs, undefined, { signal: c.req.raw.signal }).catch(
          () => undefined,
        );
      } finally {
        release();
      }
      const completion: ChatCompletion = {
        id,
        object: "chat.completion",
        created,
        model: request.model,
        choices: [
          { index: 0, message: { role: "assistant", content: plan.pieces.join("") }, finish_reason: plan.finishReason },
        ],
        usage: plan.usage,
        system_fingerprint: SIMULATION_FINGERPRINT,
      };
      return c.json(completion);
    }
    const events = streamEvents(plan, {
      id,
      created,
      model: request.model,
      includeUsage: request.stream_options?.include_usage === true,
    });
    const body = sseStream(events, { delayMs: options.tokenDelayMs, signal: c.req.raw.signal, onEnd: release });
    return new Response(body, {
      headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" },
    });
  };
}

/** The chunks OpenAI streams: role first, then one per token, the finish reason, usage if asked, [DONE]. */
function streamEvents(
  plan: CompletionPlan,
  meta: { id: string; created: number; model: string; includeUsage: boolean },
): string[] {
  const chunk = (choices: ChatCompletionChunk["choices"], usage?: ChatCompletionChunk["usage"]): string => {
    const value: ChatCompletionChunk = {
      id: meta.id,
      object: "chat.completion.chunk",
      created: meta.created,
      model: meta.model,
      system_fingerprint: SIMULATION_FINGERPRINT,
      choices,
    };
    if (meta.includeUsage) value.usage = usage ?? null;
    return JSON.stringify(value);
  };
  return [
    chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]),
    ...plan.pieces.map((piece) => chunk([{ index: 0, delta: { content: piece }, finish_reason: null }])),
    chunk([{ index: 0, delta: {}, finish_reason: plan.finishReason }]),
    ...(meta.includeUsage ? [chunk([], plan.usage)] : []),
    "[DONE]",
  ];
}
