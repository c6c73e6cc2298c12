import { describe, expect, it, vi } from "vitest";
import { createLocalServer } from "@/test/local-server";
import type { ClientScope } from "./client-config";
import { createApiClients } from "./clients";
import {
  loadInferenceClientModule,
  loadTraceClientModule,
  loadTrainingClientModule,
  loadWandbClientModule,
} from "./client-modules";
import { isApiError } from "./errors";
import { lazyClient } from "./lazy-client";

type Fake = {
  scope: ClientScope;
  add(a: number, b: number): Promise<number>;
  ping(options?: { signal?: AbortSignal }): Promise<string>;
  stream(n: number): AsyncGenerator<number>;
};

const SCOPE: ClientScope = { service: "trace", baseUrl: "http://127.0.0.1:1/api", keyFingerprint: "k1" };

function realClient(): Fake {
  return {
    scope: SCOPE,
    add: async (a, b) => a + b,
    ping: async () => "real pong",
    async *stream(n) {
      for (let i = 0; i < n; i++) yield i;
    },
  };
}

describe("lazyClient", () => {
  it("has its scope at once and loads nothing until a method is called, then loads once", async () => {
    const load = vi.fn<() => Promise<Fake>>(async () => realClient());
    const client = lazyClient(SCOPE, load);
    expect(client.scope).toBe(SCOPE);
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([client.add(1, 2), client.add(3, 4)])).resolves.toEqual([3, 7]);
    await client.ping();
    expect(load).toHaveBeenCalledOnce();
  });

  it("fails a call whose code could not load with an ApiError that says to reload, not retried, and tries again on the next call", async () => {
    const load = vi
      .fn<() => Promise<Fake>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(realClient());
    const client = lazyClient(SCOPE, load);
    const failure = await client.ping().catch((error: unknown) => error);
    expect(
      isApiError(failure) && {
        kind: failure.kind,
        retryable: failure.retryable,
        message: failure.message,
        hint: failure.hint,
      },
    ).toEqual({
      kind: "network",
      retryable: false,
      message: "The dashboard's code for the annotation queue service did not load.",
      hint: expect.stringContaining("reload the page"),
    });
    await expect(client.ping()).resolves.toBe("real pong");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("fails a call as aborted when its signal aborts while the code loads, and never calls the real method", async () => {
    const loading: { finish?: (client: Fake) => void } = {};
    const ping = vi.fn<Fake["ping"]>(async () => "real pong");
    const client = lazyClient(SCOPE, () => new Promise<Fake>((resolve) => (loading.finish = resolve)));
    const abort = new AbortController();
    const call = client.ping({ signal: abort.signal }).catch((error: unknown) => error);
    abort.abort();
    const failure = await call;
    expect(isApiError(failure) && failure.kind).toBe("aborted");
    loading.finish?.({ ...realClient(), ping });
    await Promise.resolve();
    expect(ping).not.toHaveBeenCalled();
    await expect(client.ping()).resolves.toBe("real pong");
  });

  it("gives a stream's generator at once and loads on its first next()", async () => {
    const load = vi.fn<() => Promise<Fake>>(async () => realClient());
    const client = lazyClient(SCOPE, load);
    const stream = client.stream(3);
    expect(load).not.toHaveBeenCalled();
    const seen: number[] = [];
    for await (const value of stream) seen.push(value);
    expect(seen).toEqual([0, 1, 2]);
  });

  it("answers eager methods without loading", async () => {
    const load = vi.fn<() => Promise<Fake>>(async () => realClient());
    const client = lazyClient(SCOPE, load, { ping: async () => "eager pong" });
    await expect(client.ping()).resolves.toBe("eager pong");
    expect(load).not.toHaveBeenCalled();
  });

  it("refuses a client whose methods cannot wait for its code (checked by npm run typecheck)", () => {
    // @ts-expect-error: `sync` answers neither with a promise nor with a generator
    const sync = lazyClient<Fake & { sync(): number }>(SCOPE, async () => ({ ...realClient(), sync: () => 1 }));
    // @ts-expect-error: `pull` gives a generator, but only a method named `stream…` may
    const unnamed = lazyClient<Fake & { pull(): AsyncGenerator<number> }>(SCOPE, async () => ({
      ...realClient(),
      pull: () => realClient().stream(1),
    }));
    expect([sync, unnamed]).toHaveLength(2);
  });

  it("answers no method for the names code probes an object with (await, JSON, test printers)", async () => {
    const client = lazyClient(SCOPE, async () => realClient()) as unknown as Record<string, unknown>;
    expect([client.then, client.toJSON, client.asymmetricMatch]).toEqual([undefined, undefined, undefined]);
    await expect(Promise.resolve(client)).resolves.toBe(client);
    expect(client.add).toBe(client.add);
  });

  it("gives every client the scope its loaded code has, and the inference and W&B clients' calls answer", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const common = { apiKey: server.settings.apiKey, fetch: server.fetch };
    const { traceBaseUrl, trainingBaseUrl, inferenceBaseUrl, inferenceProject, wandbApiBaseUrl } = server.settings;
    const trace = (await loadTraceClientModule()).createTraceClient({ ...common, baseUrl: traceBaseUrl });
    const training = (await loadTrainingClientModule()).createTrainingClient({ ...common, baseUrl: trainingBaseUrl });
    const inference = (await loadInferenceClientModule()).createInferenceClient({
      ...common,
      baseUrl: inferenceBaseUrl,
      project: inferenceProject,
    });
    const wandb = (await loadWandbClientModule()).createWandbClient({ ...common, baseUrl: wandbApiBaseUrl });
    expect(clients.trace.scope).toEqual(trace.scope);
    expect(clients.training.scope).toEqual(training.scope);
    expect(clients.inference.scope).toEqual(inference.scope);
    expect(clients.wandb.scope).toEqual(wandb.scope);
    expect(await clients.wandb.viewer()).toEqual(await wandb.viewer());
    expect((await clients.inference.listModels()).data.length).toBeGreaterThan(0);
  });
});
