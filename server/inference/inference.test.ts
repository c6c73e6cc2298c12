import { describe, expect, it } from "vitest";
import { InferenceModelList } from "../../contract/inference";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import {
  INFERENCE,
  createModel,
  createRlJob,
  createServicesForTest,
  group,
  parseSse,
  runToEnd,
} from "../training/test-support";
import { INFERENCE_MODEL_IDS } from "./catalog";

const messages = [{ role: "user", content: "Say hi" }];
const chatBody = (extra: Record<string, unknown> = {}) => ({
  model: "meta-llama/Llama-3.1-8B-Instruct",
  messages,
  ...extra,
});

describe("inference service: GET /models", () => {
  it("lists the catalog in the OpenAI shape the real service uses", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", `${INFERENCE}/models`, { headers: bearer() });
    expect(res.status).toBe(200);
    const list = InferenceModelList.parse(res.json);
    expect(list.object).toBe("list");
    expect(list.data.map((m) => m.id)).toEqual([...INFERENCE_MODEL_IDS]);
    expect(list.data).toContainEqual({
      id: "OpenPipe/Qwen3-14B-Instruct",
      object: "model",
      created: 0,
      owned_by: "system",
      root: "OpenPipe/Qwen3-14B-Instruct",
    });
  });

  it("is 401 OpenAI-style without a key", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", `${INFERENCE}/models`);
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/api key/i);
  });

  it("accepts a <team>/<project> OpenAI-Project header and rejects a malformed one with 400", async () => {
    const { app } = createTestApp();
    const ok = await call(app, "GET", `${INFERENCE}/models`, {
      headers: { ...bearer(), "OpenAI-Project": "demo/support-bot" },
    });
    expect(ok.status).toBe(200);
    for (const value of ["support-bot", "a/b/c", "demo/"]) {
      const bad = await call(app, "GET", `${INFERENCE}/models`, { headers: { ...bearer(), "OpenAI-Project": value } });
      expect({ value, status: bad.status }).toEqual({ value, status: 400 });
      expect(bad.json.error).toMatchObject({
        message: expect.stringContaining("<team>/<project>"),
        code: "invalid_project",
      });
    }
  });
});

describe("inference service: POST /chat/completions", () => {
  it("answers a catalog model with the local simulation", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", `${INFERENCE}/chat/completions`, { body: chatBody(), headers: bearer() });
    expect(res.status).toBe(200);
    expect(res.json.choices[0].message.content).toMatch(/^\[Local simulation of meta-llama\/Llama-3\.1-8B-Instruct\]/);
    expect(res.json.usage.total_tokens).toBeGreaterThan(0);
  });

  it("is 404 model_not_found, OpenAI-style, for an unknown model", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", `${INFERENCE}/chat/completions`, {
      body: chatBody({ model: "gpt-5" }),
      headers: bearer(),
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ message: expect.stringContaining("gpt-5"), code: "model_not_found" });
  });

  it("serves the user's trained checkpoints, not another entity's", async () => {
    const { app, runner, db } = createTestApp();
    const model = await createModel(app, { name: "agent" });
    await createRlJob(app, model.id, [group([1])]);
    await runToEnd(runner, db);
    const body = chatBody({ model: "wandb-artifact:///demo/support-bot/agent" });
    const mine = await call(app, "POST", `${INFERENCE}/chat/completions`, { body, headers: bearer() });
    expect(mine.json.choices[0].message.content).toContain("agent:step1]");
    const theirs = await call(app, "POST", `${INFERENCE}/chat/completions`, { body, headers: bearer(ACME_KEY) });
    expect(theirs.status).toBe(403);
    expect(theirs.json.error.message).toContain("demo");
  });

  it("streams server-sent events ending with [DONE]", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", `${INFERENCE}/chat/completions`, {
      body: chatBody({ stream: true }),
      headers: bearer(),
    });
    const data = parseSse(res.text);
    expect(data.at(-1)).toBe("[DONE]");
    expect(JSON.parse(data[0]!).choices[0].delta.role).toBe("assistant");
  });

  it("answers validation errors with 422 detail[] at the field", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", `${INFERENCE}/chat/completions`, { body: { model: "x" }, headers: bearer() });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["body", "messages"]);
  });
});

/** Starts a streamed request; its slot is held until the body is read to the end or cancelled. */
function openStream(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  project?: string,
  key?: string,
) {
  return app.request(`${INFERENCE}/chat/completions`, {
    method: "POST",
    headers: { ...bearer(key), "Content-Type": "application/json", ...(project ? { "OpenAI-Project": project } : {}) },
    body: JSON.stringify(chatBody({ stream: true })),
  });
}

describe("inference service: concurrency limit per entity", () => {
  it("answers a request over the limit with 429 rate_limit_exceeded, counted per authenticated entity whatever project is named", async () => {
    const { app } = createServicesForTest({ chatTokenDelayMs: 10_000, concurrencyLimit: 2 });
    const held = [await openStream(app, "demo/a"), await openStream(app, "demo/b")];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    // Naming another (or no) project is no way around the limit: the header is the client's to set.
    for (const project of ["demo/c", "demo/invented-1", undefined]) {
      const over = await openStream(app, project);
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({
        error: {
          message: expect.stringContaining("at most 2"),
          type: "invalid_request_error",
          code: "rate_limit_exceeded",
        },
      });
    }
    // Another entity has its own budget.
    expect((await openStream(app, "acme/a", ACME_KEY)).status).toBe(200);

    // A client that abandons its stream gives the slot back.
    await held[0]!.body!.cancel();
    const next = await openStream(app, "demo/a");
    expect(next.status).toBe(200);
    await next.body?.cancel();
    await held[1]!.body?.cancel();
  });

  it("refuses a project of another entity with 403, OpenAI-style, on every endpoint", async () => {
    const { app } = createTestApp();
    const models = await call(app, "GET", `${INFERENCE}/models`, {
      headers: { ...bearer(ACME_KEY), "OpenAI-Project": "demo/support-bot" },
    });
    expect(models.status).toBe(403);
    expect(models.json.error).toMatchObject({
      type: "invalid_request_error",
      code: "permission_denied",
      message: expect.stringContaining("demo"),
    });
    const chat = await call(app, "POST", `${INFERENCE}/chat/completions`, {
      body: chatBody(),
      headers: { ...bearer(ACME_KEY), "OpenAI-Project": "demo/support-bot" },
    });
    expect(chat.status).toBe(403);
    const own = await call(app, "POST", `${INFERENCE}/chat/completions`, {
      body: chatBody(),
      headers: { ...bearer(ACME_KEY), "OpenAI-Project": "acme/claims" },
    });
    expect(own.status).toBe(200);
  });

  it("frees the slot when a stream finishes and when a non-streamed answer is sent", async () => {
    const { app } = createServicesForTest({ concurrencyLimit: 1 });
    for (let i = 0; i < 3; i += 1) {
      const streamed = await openStream(app, "demo/a");
      expect(streamed.status).toBe(200);
      await streamed.text();
      const plain = await call(app, "POST", `${INFERENCE}/chat/completions`, {
        body: chatBody(),
        headers: { ...bearer(), "OpenAI-Project": "demo/a" },
      });
      expect(plain.status).toBe(200);
    }
  });

  it("holds the slot for the whole simulated generation of a non-streamed answer; an aborted request frees it", async () => {
    const { app } = createServicesForTest({ concurrencyLimit: 1, chatTokenDelayMs: 10_000 });
    const abort = new AbortController();
    const slow = app.request(`${INFERENCE}/chat/completions`, {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json" },
      body: JSON.stringify(chatBody()),
      signal: abort.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await openStream(app)).status).toBe(429);
    abort.abort();
    await slow;
    const after = await openStream(app);
    expect(after.status).toBe(200);
    await after.body?.cancel();
  });
});
