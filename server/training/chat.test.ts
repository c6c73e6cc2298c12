import { describe, expect, it } from "vitest";
import { ChatCompletion, ChatCompletionChunk } from "../../contract/chat";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { TRAINING, createModel, createRlJob, group, parseSse, runToEnd } from "./test-support";

const CHAT = `${TRAINING}/chat/completions`;
const messages = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "How do I reset my password?" },
];

async function trainedModel(steps: number) {
  const test = createTestApp();
  const model = await createModel(test.app, { name: "agent" });
  await createRlJob(
    test.app,
    model.id,
    Array.from({ length: steps }, () => group([1])),
  );
  await runToEnd(test.runner, test.db);
  return { ...test, model };
}

describe("training service: POST /chat/completions", () => {
  it("answers a supported base model with a deterministic, plainly simulated reply", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", CHAT, {
      body: { model: "Qwen/Qwen2.5-7B-Instruct", messages },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    const completion = ChatCompletion.parse(res.json);
    expect(completion.object).toBe("chat.completion");
    expect(completion.model).toBe("Qwen/Qwen2.5-7B-Instruct");
    const content = completion.choices[0]?.message.content ?? "";
    expect(content.startsWith("[Local simulation of Qwen/Qwen2.5-7B-Instruct]")).toBe(true);
    expect(content).toContain("How do I reset my password?");
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    // Usage: ~4 characters per token, plus 4 tokens of framing per message.
    expect(completion.usage?.prompt_tokens).toBe(4 + Math.ceil(9 / 4) + 4 + Math.ceil(27 / 4));
    expect(completion.usage?.total_tokens).toBe(
      (completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0),
    );
    const again = await call(app, "POST", CHAT, {
      body: { model: "Qwen/Qwen2.5-7B-Instruct", messages },
      headers: bearer(),
    });
    expect(again.json.choices[0].message.content).toBe(content);
  });

  it("serves the trailing-slash alias identically", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", `${CHAT}/`, {
      body: { model: "OpenPipe/Qwen3-14B-Instruct", messages },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    expect(res.json.choices[0].message.content).toMatch(/^\[Local simulation of OpenPipe\/Qwen3-14B-Instruct\]/);
  });

  it("resolves checkpoint addresses: no suffix is the latest step, :stepN that step", async () => {
    const { app } = await trainedModel(3);
    const ask = (model: string) => call(app, "POST", CHAT, { body: { model, messages }, headers: bearer() });
    const latest = await ask("wandb-artifact:///demo/support-bot/agent");
    expect(latest.status).toBe(200);
    expect(latest.json.choices[0].message.content).toMatch(
      /^\[Local simulation of wandb-artifact:\/\/\/demo\/support-bot\/agent:step3\]/,
    );
    expect(latest.json.model).toBe("wandb-artifact:///demo/support-bot/agent");
    const step2 = await ask("wandb-artifact:///demo/support-bot/agent:step2");
    expect(step2.json.choices[0].message.content).toContain("agent:step2]");
    const unknownStep = await ask("wandb-artifact:///demo/support-bot/agent:step9");
    expect(unknownStep.status).toBe(404);
    expect(unknownStep.json.detail).toContain("step9");
    expect((await ask("wandb-artifact:///demo/support-bot/nobody")).status).toBe(404);
  });

  it("is 404 for a model with no checkpoints yet, naming its base model", async () => {
    const { app } = createTestApp();
    await createModel(app, { name: "fresh" });
    const res = await call(app, "POST", CHAT, {
      body: { model: "wandb-artifact:///demo/support-bot/fresh", messages },
      headers: bearer(),
    });
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain("OpenPipe/Qwen3-14B-Instruct");
  });

  it("is 403 for another entity's checkpoint and 404 {detail} for an unknown model", async () => {
    const { app } = await trainedModel(1);
    const foreign = await call(app, "POST", CHAT, {
      body: { model: "wandb-artifact:///demo/support-bot/agent", messages },
      headers: bearer(ACME_KEY),
    });
    expect(foreign.status).toBe(403);
    const unknown = await call(app, "POST", CHAT, { body: { model: "gpt-4o", messages }, headers: bearer() });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ detail: expect.stringContaining("gpt-4o") });
  });

  it("streams server-sent events: role first, the same text, finish reason, usage, [DONE]", async () => {
    const { app } = createTestApp();
    const plain = await call(app, "POST", CHAT, {
      body: { model: "Qwen/Qwen2.5-7B-Instruct", messages },
      headers: bearer(),
    });
    const res = await call(app, "POST", CHAT, {
      body: { model: "Qwen/Qwen2.5-7B-Instruct", messages, stream: true, stream_options: { include_usage: true } },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const data = parseSse(res.text);
    expect(data.at(-1)).toBe("[DONE]");
    const chunks = data.slice(0, -1).map((d) => ChatCompletionChunk.parse(JSON.parse(d)));
    expect(chunks[0]?.choices[0]?.delta.role).toBe("assistant");
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
    expect(text).toBe(plain.json.choices[0].message.content);
    const finish = chunks.at(-2);
    expect(finish?.choices[0]?.finish_reason).toBe("stop");
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage).toEqual(plain.json.usage);
  });

  it("leaves usage out of a stream unless asked, and stops at max_tokens with finish_reason length", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", CHAT, {
      body: { model: "Qwen/Qwen2.5-7B-Instruct", messages, stream: true, max_tokens: 5 },
      headers: bearer(),
    });
    const chunks = parseSse(res.text)
      .slice(0, -1)
      .map((d) => JSON.parse(d));
    expect(chunks.every((c) => !("usage" in c))).toBe(true);
    expect(chunks.at(-1).choices[0].finish_reason).toBe("length");
    const plain = await call(app, "POST", CHAT, {
      body: { model: "Qwen/Qwen2.5-7B-Instruct", messages, max_completion_tokens: 5 },
      headers: bearer(),
    });
    expect(plain.json.choices[0].finish_reason).toBe("length");
    expect(plain.json.usage.completion_tokens).toBeLessThanOrEqual(5);
    expect(plain.json.choices[0].message.content).toBe("[Local simulation ");
  });

  it.each([
    [{ messages }, ["body", "model"]],
    [{ model: "Qwen/Qwen2.5-7B-Instruct" }, ["body", "messages"]],
    [{ model: "Qwen/Qwen2.5-7B-Instruct", messages: [] }, ["body", "messages"]],
    [
      { model: "Qwen/Qwen2.5-7B-Instruct", messages: [{ role: "robot", content: "x" }] },
      ["body", "messages", 0, "role"],
    ],
    [{ model: "Qwen/Qwen2.5-7B-Instruct", messages, temperature: 3 }, ["body", "temperature"]],
    [{ model: "Qwen/Qwen2.5-7B-Instruct", messages, stream: "yes" }, ["body", "stream"]],
  ])("answers %j with 422 at %j", async (body, loc) => {
    const { app } = createTestApp();
    const res = await call(app, "POST", CHAT, { body, headers: bearer() });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
  });

  it("accepts content parts and unknown OpenAI parameters", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", CHAT, {
      body: {
        model: "Qwen/Qwen2.5-7B-Instruct",
        messages: [{ role: "user", content: [{ type: "text", text: "Parts work" }] }],
        seed: 7,
        n: 1,
      },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    expect(res.json.choices[0].message.content).toContain('"Parts work"');
  });
});
