import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createApp } from "@server/app";
import { openTestDatabase } from "@server/testing/test-database";
import { DEMO_KEY } from "@server/testing/test-app";
import { createJobRunner } from "@server/training/job-runner";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createLocalServer, LOCAL_ORIGIN } from "@/test/local-server";
import { createApiClients, type ApiClients } from "./clients";
import { createHttpClient, DEFAULT_TIMEOUT_MS, KEEPALIVE_BODY_BYTES } from "./http";
import { editResponses, hangingFetch, offlineFetch, rejection } from "./test-support";
import { buildUrl, resolveBaseUrl } from "./url";

let server: ReturnType<typeof createLocalServer>;
let clients: ApiClients;

beforeEach(() => {
  server = createLocalServer();
  clients = createApiClients(server.settings, { fetch: server.fetch });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("URLs", () => {
  it("resolves an origin-relative base against the page and trims trailing slashes", () => {
    expect(resolveBaseUrl("/api/trace")).toBe(`${window.location.origin}/api/trace`);
    expect(resolveBaseUrl("https://api.training.wandb.ai/v1/")).toBe("https://api.training.wandb.ai/v1");
    expect(resolveBaseUrl(" https://trace.wandb.ai ")).toBe("https://trace.wandb.ai");
  });

  it("keeps the base's path and leaves out empty query values", () => {
    expect(
      buildUrl("https://x.test/v1", "/preview/models/a%2Fb/checkpoints", {
        after: undefined,
        limit: 20,
        order: "desc",
        tag: ["a", "b"],
        none: null,
      }),
    ).toBe("https://x.test/v1/preview/models/a%2Fb/checkpoints?limit=20&order=desc&tag=a&tag=b");
  });

  it("calls an origin-relative service at the page's origin", async () => {
    const seen: string[] = [];
    // The page's origin stands for the local services' origin, as behind a same-origin proxy.
    const viaPageOrigin: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      seen.push(request.url);
      return server.fetch(new Request(request.url.replace(window.location.origin, LOCAL_ORIGIN), request));
    };
    const relative = createApiClients(
      { ...server.settings, trainingBaseUrl: "/api/training/v1" },
      { fetch: viaPageOrigin },
    );
    expect(await relative.training.health()).toMatchObject({ status: "ok" });
    expect(seen).toEqual([`${window.location.origin}/api/training/v1/health`]);
  });

  it("encodes path parameters", async () => {
    await rejection(clients.training.getJob("a/b?c"));
    expect(server.requests[0]?.url).toBe(`${LOCAL_ORIGIN}/api/training/v1/preview/training-jobs/a%2Fb%3Fc`);
  });

  it("uses the global fetch when none is injected", async () => {
    const spy = vi.fn<typeof fetch>(server.fetch);
    vi.stubGlobal("fetch", spy);
    const global = createApiClients(server.settings);
    expect((await global.inference.listModels()).data.length).toBeGreaterThan(0);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe("not configured", () => {
  it("fails without calling fetch when the key or the address is missing", async () => {
    const spy = vi.fn<typeof fetch>(server.fetch);
    const noKey = createApiClients({ ...server.settings, apiKey: "  " }, { fetch: spy });
    // Each call's rejection is caught as it is made: awaiting them one by one would leave the later ones
    // unhandled for a moment, which Node reports as an error of the run.
    const rejections = [
      rejection(noKey.trace.queryQueues({ project_id: "demo/support-bot" })),
      rejection(noKey.training.systemCheck()),
      rejection(noKey.inference.listModels()),
    ];
    for (const pending of rejections) {
      const error = await pending;
      expect(error).toMatchObject({ kind: "not_configured", retryable: false });
      expect(error.message).toMatch(
        /No API key is set for the (annotation queue|training|inference) service: add one in Settings\./,
      );
    }
    const noAddress = createApiClients({ ...server.settings, inferenceBaseUrl: "" }, { fetch: spy });
    const error = await rejection(noAddress.inference.listModels());
    expect(error.kind).toBe("not_configured");
    expect(error.message).toContain("No valid address is set for the inference service");
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("settings that cannot be sent", () => {
  it("reports a key or project a header cannot carry as not configured, without quoting it", async () => {
    const spy = vi.fn<typeof fetch>(server.fetch);
    const pasted = createApiClients({ ...server.settings, apiKey: "key-with-ümlaut\nline" }, { fetch: spy });
    const error = await rejection(pasted.training.systemCheck());
    expect(error.kind).toBe("not_configured");
    expect(error.message).toBe(
      "The API key or project for the training service contains characters that cannot be sent in a header: check Settings.",
    );
    expect(JSON.stringify([error.message, error.cause, error.stack])).not.toContain("ümlaut");
    const project = createApiClients({ ...server.settings, inferenceProject: "チーム/project" }, { fetch: spy });
    expect((await rejection(project.inference.listModels())).kind).toBe("not_configured");
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("transport faults", () => {
  it("reports an unreachable service (or a CORS refusal) as network, retryable, with the proxy hint", async () => {
    const away = createApiClients(
      { ...server.settings, trainingBaseUrl: "https://unreachable.example/v1" },
      { fetch: server.fetch },
    );
    const error = await rejection(away.training.systemCheck());
    expect(error).toMatchObject({
      kind: "network",
      service: "training",
      retryable: true,
      message: "Could not reach the training service.",
    });
    expect(error.status).toBeUndefined();
    expect(error.hint).toContain("CORS");
    expect(error.hint).toContain('"Same-origin proxy" in the README');
    expect(error.cause).toBeInstanceOf(TypeError);

    const offline = createApiClients(server.settings, { fetch: offlineFetch });
    expect((await rejection(offline.inference.listModels())).kind).toBe("network");
  });

  it("times out a call that never answers, even when fetch ignores the signal", async () => {
    const slow = createApiClients(server.settings, { fetch: hangingFetch, timeoutMs: 30 });
    const error = await rejection(slow.inference.listModels());
    expect(error).toMatchObject({
      kind: "timeout",
      retryable: true,
      message: "The inference service did not answer within 30 ms.",
    });
    expect(error.hint).toContain("CORS");
  });

  it("uses a 30 second timeout by default and lets a call override it", async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    vi.useFakeTimers();
    const slow = createApiClients(server.settings, { fetch: hangingFetch });
    const byDefault = rejection(slow.training.health());
    const overridden = rejection(slow.training.health({ timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(5000);
    expect((await overridden).message).toBe("The training service did not answer within 5 seconds.");
    await vi.advanceTimersByTimeAsync(25_000);
    expect((await byDefault).message).toBe("The training service did not answer within 30 seconds.");
  });

  it("times out a body that stops arriving, and an idle event stream", async () => {
    const stalledBody = editResponses(
      server.fetch,
      () => new Response(new ReadableStream({ pull: () => new Promise(() => undefined) }), { status: 200 }),
    );
    const stalled = createApiClients(server.settings, { fetch: stalledBody, timeoutMs: 30 });
    expect((await rejection(stalled.inference.listModels())).kind).toBe("timeout");
    expect((await rejection(stalled.trace.queryQueues({ project_id: "demo/support-bot" }))).kind).toBe("timeout");
    const stream = stalled.inference.streamChatCompletion({ model: "m", messages: [{ role: "user", content: "x" }] });
    expect((await rejection(stream.next())).kind).toBe("timeout");
  });

  it("reports a caller's abort as aborted, not retryable, before or during the call", async () => {
    const before = new AbortController();
    before.abort();
    const early = await rejection(clients.inference.listModels({ signal: before.signal }));
    expect(early).toMatchObject({
      kind: "aborted",
      retryable: false,
      message: "The request to the inference service was cancelled.",
    });

    const during = new AbortController();
    const hanging = createApiClients(server.settings, { fetch: hangingFetch });
    const pending = rejection(hanging.training.systemCheck({ signal: during.signal }));
    during.abort();
    expect((await pending).kind).toBe("aborted");
  });

  it("passes the abort on to fetch's signal", async () => {
    let seen: AbortSignal | undefined;
    let fetched: (() => void) | undefined;
    const called = new Promise<void>((resolve) => (fetched = resolve));
    const watching: typeof fetch = (_input, init) => {
      seen = init?.signal ?? undefined;
      fetched?.();
      return new Promise(() => undefined);
    };
    const controller = new AbortController();
    const pending = rejection(
      createApiClients(server.settings, { fetch: watching }).inference.listModels({ signal: controller.signal }),
    );
    // The client's code loads first (lazy-client.ts): abort once the request is out.
    await called;
    controller.abort();
    await pending;
    expect(seen?.aborted).toBe(true);
  });
});

/** A trace client whose requests are answered by the local services, and the init each was sent with. */
function recordingClients() {
  const inits: RequestInit[] = [];
  const recording: typeof fetch = (input, init) => {
    inits.push(init ?? {});
    return server.fetch(input, init);
  };
  return { trace: createApiClients(server.settings, { fetch: recording }).trace, inits };
}

describe("keepalive", () => {
  it("asks the browser to finish a small write the caller marks, and only that one", async () => {
    const { trace, inits } = recordingClients();
    const queueId = seedLargeQueue(server.db, { projectId: "demo/support-bot", items: 20 });
    const { items } = await trace.queryItems(queueId, { project_id: "demo/support-bot", limit: 20 });
    const item = items.find((candidate) => candidate.annotation_state === "unstarted")!;
    inits.length = 0;
    await trace.setItemProgress(
      queueId,
      item.id,
      { project_id: "demo/support-bot", annotation_state: "in_progress" },
      { keepalive: true },
    );
    await trace.queryItems(queueId, { project_id: "demo/support-bot", limit: 1 });
    expect(inits.map((init) => init.keepalive ?? false)).toEqual([true, false]);
  });

  it("sends a body too large for it as any other request", async () => {
    const { trace, inits } = recordingClients();
    const large = "x".repeat(KEEPALIVE_BODY_BYTES);
    await rejection(trace.readRefs([large], { keepalive: true }));
    expect(inits).toHaveLength(1);
    expect(inits[0]!.keepalive).toBeUndefined();
  });
});

/** Clients whose every response is replaced by `response()` after the real service answered. */
const inject = (response: () => Response) =>
  createApiClients(server.settings, { fetch: editResponses(server.fetch, response) });

describe("error responses the local services do not produce on purpose (injected)", () => {
  it("reads a 500 with a JSON detail as server, retryable, with the request id", async () => {
    const error = await rejection(
      inject(() =>
        Response.json({ detail: "database is locked", request_id: "req-9" }, { status: 500 }),
      ).training.systemCheck(),
    );
    expect(error).toMatchObject({
      kind: "server",
      status: 500,
      retryable: true,
      requestId: "req-9",
      serviceMessage: "database is locked",
    });
    expect(error.message).toBe("The training service failed to handle the request (500): database is locked");
  });

  it("reads a non-JSON 502 page by its title and prefers the X-Request-Id header", async () => {
    const html = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>";
    const error = await rejection(
      inject(() => new Response(html, { status: 502, headers: { "X-Request-Id": "hdr-1" } })).inference.listModels(),
    );
    expect(error).toMatchObject({
      kind: "server",
      status: 502,
      serviceMessage: "502 Bad Gateway",
      requestId: "hdr-1",
      retryable: true,
    });
  });

  it("reads a 402 quota error and a 413", async () => {
    const quota = await rejection(
      inject(() =>
        Response.json(
          { error: { message: "You exceeded your current quota.", type: "insufficient_quota" } },
          { status: 402 },
        ),
      ).inference.listModels(),
    );
    expect(quota).toMatchObject({
      kind: "quota",
      status: 402,
      serviceMessage: "You exceeded your current quota.",
      retryable: false,
    });
    const tooLarge = await rejection(inject(() => new Response("", { status: 413 })).training.health());
    expect(tooLarge).toMatchObject({
      kind: "payload_too_large",
      message: "The training service refused the request because it is too large (413).",
    });
  });

  it("reads a 429's Retry-After", async () => {
    const error = await rejection(
      inject(() =>
        Response.json({ detail: "slow down" }, { status: 429, headers: { "Retry-After": "3" } }),
      ).training.health(),
    );
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 3000, retryable: true });
  });

  it("does not take a 503 error body for system checks", async () => {
    const error = await rejection(
      inject(() => Response.json({ detail: "Service Unavailable" }, { status: 503 })).training.systemCheck(),
    );
    expect(error).toMatchObject({ kind: "server", status: 503, serviceMessage: "Service Unavailable" });
  });

  it("reports a 200 that is not JSON as an invalid response", async () => {
    const error = await rejection(
      inject(
        () => new Response("<html>login page</html>", { headers: { "Content-Type": "text/html" } }),
      ).inference.listModels(),
    );
    expect(error).toMatchObject({ kind: "invalid_response", status: 200, retryable: false });
    expect(error.message).toBe("The inference service sent an unexpected response: the body is not JSON (text/html)");
    expect(error.hint).toContain("check it in Settings");
  });

  it("names the field of a real response that breaks the contract", async () => {
    const edited = editResponses(server.fetch, async (response) => {
      const body = (await response.json()) as { data: Record<string, unknown>[] };
      const fourth = body.data[3];
      if (fourth) fourth.id = 42;
      return Response.json(body);
    });
    const error = await rejection(createApiClients(server.settings, { fetch: edited }).inference.listModels());
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toBe(
      "The inference service sent an unexpected response: data.3.id: expected string, received number",
    );
  });

  it("reports an error object sent inside an event stream", async () => {
    const body =
      'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[]}\n\ndata: {"error":{"message":"model overloaded"}}\n\n';
    const stream = inject(
      () => new Response(body, { headers: { "Content-Type": "text/event-stream" } }),
    ).inference.streamChatCompletion({
      model: "m",
      messages: [{ role: "user", content: "x" }],
    });
    expect((await stream.next()).done).toBe(false);
    const error = await rejection(stream.next());
    expect(error).toMatchObject({
      kind: "server",
      serviceMessage: "model overloaded",
      message: "The inference service stopped the stream with an error: model overloaded",
    });
  });

  it("reports an event stream chunk that breaks the contract", async () => {
    const stream = inject(() => new Response('data: {"id":1}\n\n')).inference.streamChatCompletion({
      model: "m",
      messages: [{ role: "user", content: "x" }],
    });
    const error = await rejection(stream.next());
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("id: expected string, received number");
  });
});

describe("payload too large from the real service", () => {
  it("maps the body limit's 413 to payload_too_large", async () => {
    const db = openTestDatabase({ users: true });
    const app = createApp({ db, runner: createJobRunner(db, { stepMs: 0 }), chatTokenDelayMs: 0, maxBodyBytes: 1024 });
    const small = createApiClients(server.settings, {
      fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
    });
    const error = await rejection(
      small.inference.chatCompletion({ model: "m", messages: [{ role: "user", content: "x".repeat(5000) }] }),
    );
    expect(error).toMatchObject({ kind: "payload_too_large", status: 413 });
    expect(error.serviceMessage).toContain("Request body too large");
  });
});

describe("the API key stays out of every error", () => {
  it("never puts the key in an error's text, even when a service echoes the Authorization header", async () => {
    const key = DEMO_KEY;
    const echo = editResponses(server.fetch, (_response, request) =>
      Response.json(
        {
          detail: [
            {
              loc: ["header", request.headers.get("authorization") ?? ""],
              msg: `bad header ${request.headers.get("authorization")} for ${key}`,
              type: "x",
            },
          ],
        },
        { status: 422 },
      ),
    );
    const echoing = createApiClients(server.settings, { fetch: echo });
    const failing = createApiClients(
      { ...server.settings, trainingBaseUrl: "https://unreachable.example/v1" },
      { fetch: server.fetch },
    );
    const errors = [
      await rejection(echoing.trace.queryQueues({ project_id: "demo/support-bot" })),
      await rejection(echoing.training.systemCheck()),
      await rejection(echoing.inference.listModels()),
      await rejection(clients.training.getJob("missing")),
      await rejection(failing.training.systemCheck()),
      await rejection(
        createApiClients(server.settings, { fetch: hangingFetch, timeoutMs: 10 }).trace.readQueue(
          "demo/support-bot",
          "q",
        ),
      ),
    ];
    const basic = btoa(`api:${key}`);
    for (const error of errors) {
      const text = JSON.stringify([
        error.message,
        error.hint,
        error.serviceMessage,
        error.fieldErrors,
        String(error),
        error.stack,
      ]);
      expect(text).not.toContain(key);
      expect(text).not.toContain(basic);
    }
    expect(errors[0]?.fieldErrors[0]?.message).toBe("bad header [redacted] for [redacted]");
  });
});

describe("createHttpClient", () => {
  it("checks the response against the schema it is given", async () => {
    const http = createHttpClient({
      service: "training",
      baseUrl: server.settings.trainingBaseUrl,
      apiKey: DEMO_KEY,
      authHeaders: () => ({}),
      fetch: server.fetch,
    });
    expect(
      await http.json({ method: "GET", path: "/health", auth: false }, z.object({ status: z.literal("ok") })),
    ).toEqual({ status: "ok" });
    const error = await rejection(
      http.json({ method: "GET", path: "/health", auth: false }, z.object({ uptime: z.number() })),
    );
    expect(error.message).toBe(
      "The training service sent an unexpected response: uptime: expected number, received undefined",
    );
  });
});
