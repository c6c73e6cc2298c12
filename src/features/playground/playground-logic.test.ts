import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/errors";
import { chatFailureTitle } from "./chat-errors";
import { buildChatRequest, DEFAULT_PARAMETERS } from "./chat-request";
import {
  chatMessages,
  CONTINUE_INSTRUCTION,
  continueMessages,
  EMPTY_CONVERSATION,
  isStreaming,
  lastReply,
  reduceConversation,
  regenerateMessages,
  unansweredMessage,
  type AssistantTurn,
  type ConversationAction,
  type ConversationState,
} from "./conversation";
import { conversationJson } from "./conversation-export";
import { parsePlaygroundParams, withPlaygroundParams } from "./playground-url-state";

const reply = (id: string, extra: Partial<AssistantTurn> = {}): AssistantTurn => ({
  id,
  role: "assistant",
  content: "",
  status: "streaming",
  model: "m",
  ...extra,
});
const run = (...actions: ConversationAction[]): ConversationState =>
  actions.reduce(reduceConversation, EMPTY_CONVERSATION);

describe("the playground URL", () => {
  it("reads the service and model, inferring training for a checkpoint address", () => {
    expect(parsePlaygroundParams(new URLSearchParams("service=inference&model=openai%2Fgpt-oss-20b"))).toEqual({
      service: "inference",
      model: "openai/gpt-oss-20b",
    });
    expect(parsePlaygroundParams(new URLSearchParams("model=wandb-artifact%3A%2F%2F%2Fa%2Fb%2Fc"))).toEqual({
      service: "training",
      model: "wandb-artifact:///a/b/c",
    });
    expect(parsePlaygroundParams(new URLSearchParams("service=bogus"))).toEqual({ service: "inference", model: "" });
  });

  it("writes both and keeps other parameters", () => {
    const next = withPlaygroundParams(new URLSearchParams("x=1&model=old"), { service: "training", model: "" });
    expect(next.toString()).toBe("x=1&service=training");
  });
});

describe("chat requests", () => {
  const messages = [{ role: "user" as const, content: "hi" }];

  it("asks for a stream with usage, with the typed settings as numbers", () => {
    const result = buildChatRequest("m", DEFAULT_PARAMETERS, messages);
    expect(result).toEqual({
      ok: true,
      request: { model: "m", messages, temperature: 0.7, max_tokens: 512, stream_options: { include_usage: true } },
    });
  });

  it("leaves empty settings to the service", () => {
    const result = buildChatRequest("m", { systemPrompt: "", temperature: " ", maxTokens: "" }, messages);
    expect(result.ok && result.request.temperature).toBeUndefined();
    expect(result.ok && result.request.max_tokens).toBeUndefined();
  });

  it("names each setting out of the contract's bounds", () => {
    expect(buildChatRequest("m", { ...DEFAULT_PARAMETERS, temperature: "2.5", maxTokens: "0" }, messages)).toEqual({
      ok: false,
      errors: {
        temperature: expect.stringMatching(/from 0 to 2/),
        maxTokens: expect.stringMatching(/from 1 to 131072/),
      },
    });
    expect(buildChatRequest("m", { ...DEFAULT_PARAMETERS, temperature: "warm" }, messages)).toMatchObject({
      ok: false,
      errors: { temperature: expect.any(String) },
    });
    expect(buildChatRequest("m", { ...DEFAULT_PARAMETERS, maxTokens: "12.5" }, messages)).toMatchObject({
      ok: false,
      errors: { maxTokens: expect.any(String) },
    });
  });
});

describe("the conversation", () => {
  const user = { id: "u1", role: "user" as const, content: "Hello" };
  /** The user's message and reply a1, which streamed `text` and then ended with `end`. */
  const replied = (text: string, end: ConversationAction) =>
    run({ type: "start", user, assistant: reply("a1") }, { type: "delta", id: "a1", text }, end);

  it("streams a reply token by token and records usage and the finish reason", () => {
    const state = run(
      { type: "start", user, assistant: reply("a1") },
      { type: "delta", id: "a1", text: "Hi " },
      { type: "delta", id: "a1", text: "there" },
      { type: "usage", id: "a1", usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } },
      { type: "finish", id: "a1", finishReason: "stop" },
    );
    expect(state.turns[1]).toMatchObject({
      content: "Hi there",
      status: "done",
      finishReason: "stop",
      usage: { total_tokens: 7 },
    });
    expect(isStreaming(state.turns)).toBe(false);
  });

  it("keeps a stopped reply as history", () => {
    const state = replied("partial", { type: "stopped", id: "a1" });
    expect(chatMessages(state.turns, "Be brief.")).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hello" },
      { role: "assistant", content: "partial" },
    ]);
  });

  it("keeps the user's message when a reply fails, for Retry or Edit", () => {
    const error = new Error("boom");
    const failed = run({ type: "start", user, assistant: reply("a1") }, { type: "failed", id: "a1", error });
    expect(failed.turns).toEqual([user]);
    expect(failed.failure).toBe(error);
    expect(unansweredMessage(failed.turns)).toEqual(user);

    // Retry: a new reply to the same message; the failure notice goes.
    const retried = reduceConversation(failed, { type: "start", assistant: reply("a2") });
    expect(retried.turns.map((t) => t.id)).toEqual(["u1", "a2"]);
    expect(retried.failure).toBeNull();

    // Edit: the message leaves the conversation (the page puts it back in the composer).
    expect(reduceConversation(failed, { type: "take-back" })).toEqual(EMPTY_CONVERSATION);
  });

  it("marks a reply that failed half-way and replaces it on retry", () => {
    const failed = replied("half", { type: "failed", id: "a1", error: "x" });
    expect(failed.turns[1]).toMatchObject({ status: "failed", content: "half" });
    expect(chatMessages(failed.turns, "")).toEqual([{ role: "user", content: "Hello" }]);
    expect(unansweredMessage(failed.turns)).toEqual(user);
    expect(reduceConversation(failed, { type: "start", assistant: reply("a2") }).turns.map((t) => t.id)).toEqual([
      "u1",
      "a2",
    ]);
  });

  it("regenerates the last reply: asked with the conversation before it, the new reply in its place", () => {
    const done = replied("first try", { type: "finish", id: "a1" });
    expect(lastReply(done.turns)?.id).toBe("a1");
    expect(regenerateMessages(done.turns, "")).toEqual([{ role: "user", content: "Hello" }]);
    const again = reduceConversation(done, { type: "start", assistant: reply("a2"), replaces: "a1" });
    expect(again.turns.map((t) => t.id)).toEqual(["u1", "a2"]);
    // Nothing to regenerate while a reply streams.
    expect(lastReply(again.turns)).toBeUndefined();
  });

  it("continues a stopped reply: what was kept is history, the instruction follows, the new text is added to it", () => {
    const stopped = replied("The answer is", { type: "stopped", id: "a1" });
    expect(continueMessages(stopped.turns, "")).toEqual([
      { role: "user", content: "Hello" },
      { role: "assistant", content: "The answer is" },
      { role: "user", content: CONTINUE_INSTRUCTION },
    ]);
    const continued = [
      { type: "resume", id: "a1" },
      { type: "delta", id: "a1", text: " 42." },
      { type: "finish", id: "a1" },
    ] as const;
    const state = continued.reduce(reduceConversation, stopped);
    expect(state.turns).toHaveLength(2);
    expect(state.turns[1]).toMatchObject({ content: "The answer is 42.", status: "done" });
    // A continuation that fails keeps the kept text, stopped, as history.
    const failed = [
      { type: "resume", id: "a1" },
      { type: "failed", id: "a1", error: "x", keep: true },
    ] as const;
    const afterFailure = failed.reduce(reduceConversation, stopped);
    expect(afterFailure.turns[1]).toMatchObject({ content: "The answer is", status: "stopped" });
    expect(afterFailure.failure).toBe("x");
  });

  it("exports as an OpenAI-style request with the service", () => {
    const state = replied("Hi", { type: "finish", id: "a1" });
    const json = JSON.parse(
      conversationJson(
        { service: "training", model: "wandb-artifact:///a/b/c:step1" },
        { systemPrompt: "S", temperature: "0.2", maxTokens: "" },
        state.turns,
      ),
    );
    expect(json).toEqual({
      service: "training",
      model: "wandb-artifact:///a/b/c:step1",
      temperature: 0.2,
      messages: [
        { role: "system", content: "S" },
        { role: "user", content: "Hello" },
        { role: "assistant", content: "Hi" },
      ],
    });
  });
});

const title = (kind: ConstructorParameters<typeof ApiError>[0]["kind"], status?: number) =>
  chatFailureTitle(new ApiError({ kind, status, service: "inference", message: "m" }));

describe("chat failure titles", () => {
  it("say what happened for 401, 402, 429, 5xx and network errors", () => {
    expect(title("unauthorized", 401)).toBe("The API key was rejected");
    expect(title("quota", 402)).toBe("Quota or credit used up");
    expect(title("rate_limited", 429)).toBe("Too many requests at once");
    expect(title("server", 503)).toBe("The service failed to answer");
    expect(title("network")).toBe("The service could not be reached");
    expect(title("not_found", 404)).toBe("Model or checkpoint not found");
    expect(chatFailureTitle(new Error("x"))).toBe("The reply failed");
  });
});
