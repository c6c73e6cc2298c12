import { describe, expect, it } from "vitest";
import { createTestApp, bearer, call } from "../testing/test-app";
import { createModel, createRlJob, group, runToEnd } from "../training/test-support";
import { contextWindowOf } from "./context-windows";

// A prompt longer than the model's context window is refused up front with a 400 naming the
// limit, as vLLM-backed OpenAI-compatible services refuse it ("This model's maximum context
// length is N tokens..."), instead of being worked through (a message of tens of MB would
// hold the CPU for seconds and stall every other request).

const TRAINING_CHAT = "/api/training/v1/chat/completions";
const INFERENCE_CHAT = "/api/inference/v1/chat/completions";
const ask = (model: string, content: string, extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: "user", content }],
  ...extra,
});

describe("chat prompts longer than the model's context window", () => {
  it("training: 400 {detail} naming the limit and the prompt's size", async () => {
    const { app } = createTestApp();
    const window = contextWindowOf("Qwen/Qwen2.5-7B-Instruct");
    expect(window).toBe(32_768);
    // ~4 characters per token: this is about 2.5 times the window.
    const res = await call(app, "POST", TRAINING_CHAT, {
      body: ask("Qwen/Qwen2.5-7B-Instruct", "word ".repeat(65_536)),
      headers: bearer(),
    });
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(
      /^This model's maximum context length is 32768 tokens\. However, you requested 81924 tokens \(81924 in the messages, 0 in the completion\)\./,
    );
  });

  it("inference: 400 OpenAI-style, code context_length_exceeded, param messages", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", INFERENCE_CHAT, {
      body: ask("OpenPipe/Qwen3-14B-Instruct", "x".repeat(4 * 40_000)),
      headers: bearer(),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      type: "invalid_request_error",
      code: "context_length_exceeded",
      param: "messages",
    });
    expect(res.json.error.message).toContain("maximum context length is 32768 tokens");
  });

  it("counts max_tokens against the window, and accepts a prompt that fits", async () => {
    const { app } = createTestApp();
    const model = "meta-llama/Llama-3.1-8B-Instruct";
    const window = contextWindowOf(model);
    // 4 framing tokens + content tokens: exactly the window with max_tokens 1000.
    const content = "y".repeat(4 * (window - 4 - 1000));
    const fits = await call(app, "POST", INFERENCE_CHAT, {
      body: ask(model, content, { max_tokens: 1000 }),
      headers: bearer(),
    });
    expect(fits.status).toBe(200);
    expect(fits.json.usage.prompt_tokens).toBe(window - 1000);
    const over = await call(app, "POST", INFERENCE_CHAT, {
      body: ask(model, content, { max_tokens: 1001 }),
      headers: bearer(),
    });
    expect(over.status).toBe(400);
    expect(over.json.error.message).toContain(`(${window - 1000} in the messages, 1001 in the completion)`);
  });

  it("a trained checkpoint has its base model's window", async () => {
    const { app, runner, db } = createTestApp();
    const trained = await createModel(app, { name: "small", base_model: "OpenPipe/Qwen3-14B-Instruct" });
    await createRlJob(app, trained.id, [group([1])]);
    await runToEnd(runner, db);
    const res = await call(app, "POST", TRAINING_CHAT, {
      body: ask("wandb-artifact:///demo/support-bot/small", "z".repeat(4 * 33_000)),
      headers: bearer(),
    });
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain("maximum context length is 32768 tokens");
  });

  it("counts text in content parts too", async () => {
    const { app } = createTestApp();
    const parts = Array.from({ length: 10 }, () => ({ type: "text", text: "p".repeat(20_000) }));
    const res = await call(app, "POST", TRAINING_CHAT, {
      body: { model: "Qwen/Qwen2.5-7B-Instruct", messages: [{ role: "user", content: parts }] },
      headers: bearer(),
    });
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain("50004 tokens");
  });
});
