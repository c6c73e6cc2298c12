import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CONCURRENCY_LIMIT } from "@server/inference/service";
import { DEMO_KEY } from "@server/testing/test-app";
import { createLocalServer } from "@/test/local-server";
import { createApiClients, type ApiClients } from "./clients";
import { collect, rejection } from "./test-support";

const MODEL = "meta-llama/Llama-3.1-8B-Instruct";
const chat = { model: MODEL, messages: [{ role: "user" as const, content: "Tell me a long story about queues" }] };

let server: ReturnType<typeof createLocalServer>;
let clients: ApiClients;

beforeEach(() => {
  server = createLocalServer();
  clients = createApiClients(server.settings, { fetch: server.fetch });
});

describe("inference client against the local inference service", () => {
  it("lists the models with Bearer KEY and no project header when none is set", async () => {
    const models = await clients.inference.listModels();
    expect(models.object).toBe("list");
    expect(models.data.map((m) => m.id)).toContain(MODEL);
    const request = server.requests[0];
    expect(request?.headers.get("authorization")).toBe(`Bearer ${DEMO_KEY}`);
    expect(request?.headers.has("openai-project")).toBe(false);
    expect(request?.url).not.toContain(DEMO_KEY);
  });

  it("sends OpenAI-Project when an inference project is set", async () => {
    const withProject = createApiClients(
      { ...server.settings, inferenceProject: "demo/support-bot" },
      { fetch: server.fetch },
    );
    await withProject.inference.listModels();
    await collect(withProject.inference.streamChatCompletion(chat));
    for (const request of server.requests) expect(request.headers.get("openai-project")).toBe("demo/support-bot");
  });

  it("shows the service's reason for a malformed project header (400)", async () => {
    const bad = createApiClients({ ...server.settings, inferenceProject: "no-slash" }, { fetch: server.fetch });
    const error = await rejection(bad.inference.listModels());
    expect(error).toMatchObject({ kind: "bad_request", status: 400 });
    expect(error.serviceMessage).toContain("OpenAI-Project");
  });

  it("completes a chat whole and streamed, with the same text", async () => {
    const whole = await clients.inference.chatCompletion(chat);
    const text = whole.choices[0]?.message.content ?? "";
    const chunks = await collect(clients.inference.streamChatCompletion(chat));
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe(text);
    expect(JSON.parse(await (server.requests[0]?.text() ?? "{}"))).toMatchObject({ stream: false });
    expect(JSON.parse(await (server.requests[1]?.text() ?? "{}"))).toMatchObject({ stream: true });
  });

  it("reads an OpenAI-style error body: unknown model (404) and wrong key (401)", async () => {
    const missing = await rejection(clients.inference.chatCompletion({ ...chat, model: "no/such-model" }));
    expect(missing).toMatchObject({ kind: "not_found", status: 404 });
    expect(missing.serviceMessage).toContain("no/such-model");

    const wrong = createApiClients({ ...server.settings, apiKey: "nope" }, { fetch: server.fetch });
    const unauthorized = await rejection(wrong.inference.listModels());
    expect(unauthorized.message).toBe("The inference service rejected the API key (401).");
    const streamed = await rejection(collect(wrong.inference.streamChatCompletion(chat)));
    expect(streamed.kind).toBe("unauthorized");
  });

  it("hits the per-project concurrency limit (429, retryable) and frees slots when streams are left", async () => {
    const open = Array.from({ length: DEFAULT_CONCURRENCY_LIMIT }, () => clients.inference.streamChatCompletion(chat));
    for (const stream of open) expect((await stream.next()).done).toBe(false);

    const limited = await rejection(clients.inference.chatCompletion(chat));
    expect(limited).toMatchObject({ kind: "rate_limited", status: 429, retryable: true });
    expect(limited.message).toMatch(
      /^The inference service is limiting requests; try again shortly \(429\): Concurrency limit/,
    );

    // Leaving a stream cancels its body, which the service counts as the request ending.
    for (const stream of open) await stream.return(undefined);
    expect((await clients.inference.chatCompletion(chat)).choices).toHaveLength(1);
  });

  it("stops a stream when its signal aborts, as kind aborted, and frees the service's slot", async () => {
    const controller = new AbortController();
    const received: string[] = [];
    const consume = (async () => {
      for await (const chunk of clients.inference.streamChatCompletion(chat, { signal: controller.signal })) {
        received.push(chunk.choices[0]?.delta.content ?? "");
        if (received.length === 2) controller.abort();
      }
    })();
    const error = await rejection(consume);
    expect(error.kind).toBe("aborted");
    expect(error.message).toBe("The request to the inference service was cancelled.");
    expect(received).toHaveLength(2);
    // A full set of new streams fits, so the aborted one no longer holds a slot.
    const again = Array.from({ length: DEFAULT_CONCURRENCY_LIMIT }, () => clients.inference.streamChatCompletion(chat));
    for (const stream of again) expect((await stream.next()).done).toBe(false);
    for (const stream of again) await stream.return(undefined);
  });
});
