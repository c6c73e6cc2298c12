import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ACME_KEY, DEMO_KEY } from "@server/testing/test-app";
import { callQueries } from "@/features/queues/api/call";
import { itemKeys, itemQueries } from "@/features/queues/api/items";
import { queueQueries } from "@/features/queues/api/queue";
import { jobKeys, jobQueries } from "@/features/training/api/jobs";
import { modelKeys, modelQueries } from "@/features/training/api/models";
import { createLocalServer } from "@/test/local-server";
import { keyFingerprint } from "./auth";
import { loadTraceClientModule } from "./client-modules";
import { createApiClients, type ApiClients } from "./clients";
import { isApiError } from "./errors";
import { inferenceKeys, inferenceQueries } from "./queries/inference";
import { traceKeys, traceQueries } from "./queries/trace";
import { trainingQueries } from "./queries/training";
import { createQueryClient, QUERY_STALE_TIME_MS } from "./query-client";
import { editResponses } from "./test-support";

let server: ReturnType<typeof createLocalServer>;
let clients: ApiClients;

beforeEach(() => {
  server = createLocalServer();
  clients = createApiClients(server.settings, { fetch: server.fetch });
});

/** Every query key the factories make for one set of clients. */
function allKeys(c: ApiClients): QueryKey[] {
  const items = { project_id: "demo/support-bot", limit: 50, offset: 0 };
  return [
    traceQueries.queues(c.trace, { project_id: "demo/support-bot" }).queryKey,
    queueQueries.queue(c.trace, "demo/support-bot", "q1").queryKey,
    queueQueries.stats(c.trace, { project_id: "demo/support-bot", queue_ids: ["q1"] }).queryKey,
    itemQueries.page(c.trace, "q1", items).queryKey,
    callQueries.call(c.trace, { project_id: "demo/support-bot", id: "c1" }).queryKey,
    modelQueries.checkpointsPage(c.training, "m1", { limit: 20 }).queryKey,
    jobQueries.job(c.training, "j1").queryKey,
    jobQueries.eventsPage(c.training, "j1", { after: "e1" }).queryKey,
    trainingQueries.health(c.training).queryKey,
    trainingQueries.systemCheck(c.training).queryKey,
    inferenceQueries.models(c.inference).queryKey,
  ];
}

/** The app's query client with the backoff shortened, so a test does not wait seconds. */
function fastRetryingClient() {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 1 } });
  return queryClient;
}

describe("query keys", () => {
  it("never contain the key, in any form", () => {
    const text = JSON.stringify(allKeys(clients));
    expect(text).not.toContain(DEMO_KEY);
    expect(text).not.toContain(btoa(`api:${DEMO_KEY}`));
    expect(text).toContain(keyFingerprint(DEMO_KEY));
  });

  it("differ for another key or another address, and stay equal for the same settings", () => {
    const same = allKeys(createApiClients({ ...server.settings }, { fetch: server.fetch }));
    const otherKey = allKeys(createApiClients({ ...server.settings, apiKey: ACME_KEY }, { fetch: server.fetch }));
    const otherHost = allKeys(
      createApiClients(
        {
          ...server.settings,
          traceBaseUrl: "https://trace.wandb.ai",
          trainingBaseUrl: "https://api.training.wandb.ai/v1",
          inferenceBaseUrl: "https://api.inference.wandb.ai/v1",
        },
        { fetch: server.fetch },
      ),
    );
    const mine = allKeys(clients);
    expect(same).toEqual(mine);
    mine.forEach((key, i) => {
      expect(otherKey[i]).not.toEqual(key);
      expect(otherHost[i]).not.toEqual(key);
    });
    expect(keyFingerprint(DEMO_KEY)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyFingerprint("")).toBe("none");
  });

  it("nest from general to specific, so one prefix invalidates a whole family", () => {
    const s = clients.trace.scope;
    const page = itemKeys.page(s, "q1", { project_id: "demo/support-bot", offset: 50 });
    expect(page.slice(0, traceKeys.items(s, "q1").length)).toEqual([...traceKeys.items(s, "q1")]);
    expect(traceKeys.items(s, "q1").slice(0, traceKeys.all(s).length)).toEqual([...traceKeys.all(s)]);
    expect(traceKeys.queueList(s, { project_id: "p/q" }).slice(0, 5)).toEqual([...traceKeys.queueLists(s)]);
    const t = clients.training.scope;
    const events = jobKeys.eventPage(t, "j1", { after: "e9" });
    expect(events.slice(0, jobKeys.detail(t, "j1").length)).toEqual([...jobKeys.detail(t, "j1")]);
    expect(modelKeys.checkpointPage(t, "m1", {}).slice(0, modelKeys.detail(t, "m1").length)).toEqual([
      ...modelKeys.detail(t, "m1"),
    ]);
    expect(inferenceKeys.models(clients.inference.scope)[0]).toBe("inference");
  });
});

describe("queryOptions against the local services", () => {
  it("fetch through the client and cache under the factory's key", async () => {
    const queryClient = new QueryClient();
    const models = await queryClient.fetchQuery(inferenceQueries.models(clients.inference));
    expect(models.data.length).toBeGreaterThan(0);
    expect(queryClient.getQueryData(inferenceQueries.models(clients.inference).queryKey)).toBe(models);
    const check = await queryClient.fetchQuery(trainingQueries.systemCheck(clients.training));
    expect(check.checks.length).toBe(4);
    expect(await queryClient.fetchQuery(trainingQueries.health(clients.training))).toMatchObject({ status: "ok" });
  });

  it("pass React Query's signal, so cancelling a query aborts its request", async () => {
    let seen: AbortSignal | undefined;
    const hanging: typeof fetch = (_input, init) => {
      seen = init?.signal ?? undefined;
      return new Promise(() => undefined);
    };
    const c = createApiClients(server.settings, { fetch: hanging });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = jobQueries.eventsPage(c.training, "job-1", { limit: 5 });
    const pending = queryClient.fetchQuery(options).catch((e: unknown) => e);
    // The training client's code loads on its first call (lazy-client.ts): wait for the request.
    await vi.waitFor(() => expect(seen).toBeDefined());
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await pending;
    expect(seen?.aborted).toBe(true);
  });

  it("send nothing live when cancelled while the client's code is still loading", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const hanging: typeof fetch = (_input, init) => {
      signals.push(init?.signal ?? undefined);
      return new Promise(() => undefined);
    };
    const c = createApiClients(server.settings, { fetch: hanging });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = traceQueries.queues(c.trace, { project_id: "demo/support-bot" });
    const pending = queryClient.fetchQuery(options).catch((e: unknown) => e);
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await pending;
    await loadTraceClientModule();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(signals.every((signal) => signal?.aborted === true)).toBe(true);
  });
});

describe("createQueryClient", () => {
  it("has a 15 s stale time, refetches on focus, and never retries mutations", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(QUERY_STALE_TIME_MS).toBe(15_000);
    expect(defaults.queries?.staleTime).toBe(15_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(true);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it("retries a failing service three times, then reports the error", async () => {
    let calls = 0;
    const failing = editResponses(server.fetch, () => {
      calls++;
      return Response.json({ detail: "Service Unavailable" }, { status: 503 });
    });
    const c = createApiClients(server.settings, { fetch: failing });
    const error = await fastRetryingClient()
      .fetchQuery(inferenceQueries.models(c.inference))
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe("server");
    expect(calls).toBe(4);
  });

  it("recovers when a retry succeeds", async () => {
    let calls = 0;
    const flaky = editResponses(server.fetch, (response) =>
      ++calls < 3 ? new Response("", { status: 502 }) : response,
    );
    const c = createApiClients(server.settings, { fetch: flaky });
    expect((await fastRetryingClient().fetchQuery(inferenceQueries.models(c.inference))).data.length).toBeGreaterThan(
      0,
    );
    expect(calls).toBe(3);
  });

  it("does not retry a 401, a 404 or a missing key", async () => {
    const queryClient = fastRetryingClient();
    const wrong = createApiClients({ ...server.settings, apiKey: "wrong" }, { fetch: server.fetch });
    await queryClient.fetchQuery(inferenceQueries.models(wrong.inference)).catch(() => undefined);
    await queryClient.fetchQuery(jobQueries.job(clients.training, "no-such-job")).catch(() => undefined);
    expect(server.requests).toHaveLength(2);
    const none = createApiClients({ ...server.settings, apiKey: "" }, { fetch: server.fetch });
    const error = await queryClient.fetchQuery(trainingQueries.systemCheck(none.training)).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe("not_configured");
    expect(server.requests).toHaveLength(2);
  });
});
