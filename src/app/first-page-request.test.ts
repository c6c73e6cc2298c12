import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_KEY_STORAGE_KEY, KEY_ADDRESSES_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { keyFingerprint } from "@/api/auth";

const MODELS = {
  object: "list",
  data: [{ id: "openai/gpt-oss-20b", object: "model", created: 0, owned_by: "system" }],
};

const QUEUE = { id: "q1", project_id: "team/demo", name: "Refunds", created_at: "2026-01-01T00:00:00Z" };
const T = "2026-01-01T00:00:00Z";
/** The review's item (`i 1`), pointing at its call. */
const ITEM = {
  id: "i 1",
  project_id: "team/demo",
  queue_id: "q 1",
  call_id: "call-1",
  call_started_at: T,
  call_op_name: "weave:///team/demo/op/answer:v1",
  call_trace_id: "t1",
  display_fields: [],
  annotation_state: "unstarted",
  created_at: T,
  created_by: "user-demo",
  updated_at: T,
};
const CALL = {
  id: "call-1",
  project_id: "team/demo",
  op_name: ITEM.call_op_name,
  trace_id: "t1",
  started_at: T,
  output: "hi",
};
/** The bodies of the call reads sent, in order. */
const callReadBodies: string[] = [];
/** The bodies of the queue queries sent, in order. */
const queueQueryBodies: string[] = [];
/** The bodies of the queue item queries and stats sent, in order. */
const itemQueryBodies: string[] = [];
/** The bodies of the calls queries sent, in order. */
const callsQueryBodies: string[] = [];
/** The training reads sent (address and Authorization), in order. */
const trainingReads: string[] = [];
const JOB = { id: "j 1", status: "succeeded" };
const EVENTS = {
  object: "list",
  data: [{ id: "e1", type: "gradient_step", data: { step: 1, metrics: { reward: 0.5 } } }],
  first_id: "e1",
  last_id: "e1",
  has_more: false,
};

/** The local services' answers, and every address asked for (`config`: how /config.json answers). */
function stubServices(config: "ok" | "failing" = "ok") {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
      asked.push(url.pathname);
      if (url.pathname === "/config.json") {
        return config === "ok"
          ? Response.json({
              inferenceBaseUrl: "/api/inference/v1",
              traceBaseUrl: "/api/trace",
              trainingBaseUrl: "/api/training/v1",
              localServices: true,
            })
          : new Response("Bad gateway", { status: 502 });
      }
      asked[asked.length - 1] = url.origin === window.location.origin ? url.pathname : url.href;
      if (url.pathname === "/api/trace/annotation_queues/q%201") return Response.json({ queue: QUEUE });
      if (url.pathname === "/api/trace/annotation_queues/q%201/items/query") {
        itemQueryBodies.push(String(init?.body));
        const filter = (JSON.parse(String(init?.body)) as { filter?: { id?: string } }).filter;
        return Response.json({ items: filter?.id === ITEM.id ? [ITEM] : [] });
      }
      if (url.pathname === "/api/trace/call/read") {
        callReadBodies.push(String(init?.body));
        return Response.json({ call: CALL });
      }
      if (url.pathname === "/api/trace/annotation_queues/stats") {
        itemQueryBodies.push(String(init?.body));
        return Response.json({ stats: [] });
      }
      if (url.pathname.endsWith("/annotation_queues/query")) {
        queueQueryBodies.push(String(init?.body));
        return new Response(`${JSON.stringify(QUEUE)}\n`, { headers: { "Content-Type": "application/x-ndjson" } });
      }
      if (url.pathname.endsWith("/calls/stream_query")) {
        callsQueryBodies.push(String(init?.body));
        return new Response("", { headers: { "Content-Type": "application/x-ndjson" } });
      }
      if (url.pathname.endsWith("/calls/query_stats")) return Response.json({ count: 0 });
      if (url.pathname.endsWith("/objs/query")) return Response.json({ objs: [] });
      if (url.pathname === "/api/training/v1/preview/training-jobs/j%201/events") {
        trainingReads.push(`${url.pathname}${url.search} ${new Headers(init?.headers).get("authorization")}`);
        return Response.json(EVENTS);
      }
      if (url.pathname === "/api/training/v1/preview/training-jobs/j%201") {
        trainingReads.push(`${url.pathname}${url.search} ${new Headers(init?.headers).get("authorization")}`);
        return Response.json(JOB);
      }
      return Response.json(MODELS);
    }),
  );
  return asked;
}

/** A fresh page: modules (and their one-per-page state) loaded anew. */
async function freshPage() {
  vi.resetModules();
  const { preloadFirstPageRequest: preloadFor } = await import("./first-page-request");
  const { pageAt } = await import("./pages");
  /** What boot.ts does for the page at `pathname` (none for undefined). */
  const preloadFirstPageRequest = (pathname: string | undefined) =>
    preloadFor(pathname === undefined ? undefined : pageAt(pathname));
  const { loadRuntimeConfigOnce } = await import("@/connection/runtime-config");
  const { createSettingsStore } = await import("@/connection/settings-store");
  const { resolveDefaultUrls } = await import("@/connection/settings-defaults");
  const { createApiClients } = await import("@/api/clients");
  /** The connection settings as main.tsx and api-clients.tsx read them: the config, then storage. */
  const connectionAsTheAppReadsIt = async () => {
    const { config, status } = await loadRuntimeConfigOnce();
    const store = createSettingsStore({
      defaults: resolveDefaultUrls(config, import.meta.env, window.location.origin),
      configStatus: status,
    });
    return store.getSnapshot().connection;
  };
  /** The catalog's own request, made the way the app makes it (main.tsx, api-clients.tsx). */
  const listModelsAsTheAppDoes = async () => {
    const connection = await connectionAsTheAppReadsIt();
    return createApiClients(connection).inference.listModels();
  };
  /** The queue list's own request, made as the page makes it (use-queue-list.ts). */
  const listQueuesAsTheAppDoes = async (project: string, name: string) => {
    const connection = await connectionAsTheAppReadsIt();
    const { queueListRequest } = await import("@/features/queues/queue-list/queue-list-request");
    return createApiClients(connection).trace.queryQueues(queueListRequest(project, name));
  };
  /** The Calls page's first page, count and previews, made as the page makes them (use-calls-page.ts). */
  const readCallsAsTheAppDoes = async (project: string) => {
    const connection = await connectionAsTheAppReadsIt();
    const urlState = await import("@/features/calls/calls-url-state");
    const view = urlState.CALLS_URL_CODEC.read(new URLSearchParams(window.location.search), []);
    const { trace } = createApiClients(connection);
    return Promise.all([
      trace.queryCalls(urlState.toCallsPageRequest(project, view)),
      trace.countCalls(urlState.toCallsStatsRequest(project, view)),
      trace.queryCalls(urlState.toCallsPreviewsRequest(project, view)),
      trace.queryOps(project),
    ]);
  };
  /** The items table's queue, first page and totals, read as the page reads them (use-items-page.ts, api/queue.ts). */
  const readQueueItemsAsTheAppDoes = async (project: string, queueId: string) => {
    const connection = await connectionAsTheAppReadsIt();
    const urlState = await import("@/features/queues/shared/items-url-state");
    const view = urlState.parseItemsTableState(new URLSearchParams(window.location.search)).state;
    const { trace } = createApiClients(connection);
    return Promise.all([
      trace.readQueue(project, queueId),
      trace.queryItems(queueId, urlState.toItemsPageRequest(project, view)),
      trace.queueStats({ project_id: project, queue_ids: [queueId] }),
    ]);
  };
  /** The review's queue, item and call, read as the page reads them (use-review-queries.ts, api/queue.ts). */
  const readReviewAsTheAppDoes = async (project: string, queueId: string, itemId: string) => {
    const connection = await connectionAsTheAppReadsIt();
    const { trace } = createApiClients(connection);
    const { itemQueryOptions } = await import("@/features/queues/queue-review/use-review-queries");
    const { queueQueries } = await import("@/features/queues/api/queue");
    const { callQueries } = await import("@/features/queues/api/call");
    const queryClient = new QueryClient();
    const [queue, item] = await Promise.all([
      queryClient.fetchQuery(queueQueries.queue(trace, project, queueId)),
      queryClient.fetchQuery(itemQueryOptions(trace, project, queueId, itemId)),
    ]);
    const callId = item.items[0]?.call_id ?? "";
    return [
      queue,
      item.items,
      await queryClient.fetchQuery(callQueries.call(trace, { project_id: project, id: callId })),
    ];
  };
  /** The job page's first page of events and its job, read as the page reads them (use-job-event-stream.ts, api/jobs.ts). */
  const readJobAsTheAppDoes = async (jobId: string) => {
    const connection = await connectionAsTheAppReadsIt();
    const { training } = createApiClients(connection);
    const { EVENT_PAGE_LIMIT } = await import("@/features/training/events/event-page-size");
    const { jobQueries } = await import("@/features/training/api/jobs");
    return Promise.all([
      training.listEvents(jobId, { after: undefined, limit: EVENT_PAGE_LIMIT }),
      new QueryClient().fetchQuery(jobQueries.job(training, jobId)),
    ]);
  };
  return {
    readJobAsTheAppDoes,
    readReviewAsTheAppDoes,
    preloadFirstPageRequest,
    listModelsAsTheAppDoes,
    listQueuesAsTheAppDoes,
    readCallsAsTheAppDoes,
    readQueueItemsAsTheAppDoes,
  };
}

describe("the first page's request, started by boot.ts", () => {
  beforeEach(() => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: "", inferenceProject: "demo/support-bot", keyStorage: "local" }),
    );
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    window.history.replaceState(null, "", "/");
    queueQueryBodies.length = 0;
    callsQueryBodies.length = 0;
    trainingReads.length = 0;
    itemQueryBodies.length = 0;
    callReadBodies.length = 0;
  });

  it("is the catalog's own request: the app's inference client takes its answer instead of asking again", async () => {
    const asked = stubServices();
    const page = await freshPage();
    await page.preloadFirstPageRequest("/models");
    expect(asked).toEqual(["/config.json", "/api/inference/v1/models"]);
    expect(await page.listModelsAsTheAppDoes()).toEqual(MODELS);
    // The config once (shared with main.tsx), the models once.
    expect(asked).toEqual(["/config.json", "/api/inference/v1/models"]);
  });

  it("is not taken by a request that differs (here the project changed in between): that one is sent", async () => {
    const asked = stubServices();
    const page = await freshPage();
    await page.preloadFirstPageRequest("/models");
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: "", inferenceProject: "demo/other", keyStorage: "local" }),
    );
    expect(await page.listModelsAsTheAppDoes()).toEqual(MODELS);
    expect(asked.filter((path) => path.endsWith("/models"))).toHaveLength(2);
  });

  it("matches the client's request without a project too (no project header)", async () => {
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: "", inferenceProject: "", keyStorage: "local" }),
    );
    const asked = stubServices();
    const page = await freshPage();
    await page.preloadFirstPageRequest("/models");
    expect(await page.listModelsAsTheAppDoes()).toEqual(MODELS);
    expect(asked).toEqual(["/config.json", "/api/inference/v1/models"]);
  });

  it("sends nothing, and the key nowhere, when the stored address is not one the client would use", async () => {
    const askedPerAddress: Record<string, string[]> = {};
    for (const inferenceBaseUrl of ["   ", "ftp://models.example", "https://"]) {
      localStorage.setItem(
        PREFERENCES_STORAGE_KEY,
        JSON.stringify({ inferenceBaseUrl, annotationProject: "", inferenceProject: "", keyStorage: "local" }),
      );
      askedPerAddress[inferenceBaseUrl] = stubServices();
      await (await freshPage()).preloadFirstPageRequest("/models");
    }
    expect(askedPerAddress).toEqual({
      "   ": ["/config.json"],
      "ftp://models.example": ["/config.json"],
      "https://": ["/config.json"],
    });
  });

  it("is not made without a key, nor for a page that has none", async () => {
    localStorage.removeItem(API_KEY_STORAGE_KEY);
    const asked = stubServices();
    await (await freshPage()).preloadFirstPageRequest("/models");
    expect(asked).toEqual(["/config.json"]);
    const askedElsewhere = stubServices();
    await (await freshPage()).preloadFirstPageRequest("/settings");
    await (await freshPage()).preloadFirstPageRequest(undefined);
    expect(askedElsewhere).toEqual([]);
  });

  it("is not made with a key stored without its addresses when /config.json failed (the addresses in use are a fallback)", async () => {
    const asked = stubServices("failing");
    await (await freshPage()).preloadFirstPageRequest("/models");
    expect(asked).toEqual(["/config.json"]);
  });

  it("goes to the addresses saved with the key when /config.json failed", async () => {
    const origin = window.location.origin;
    const addresses = {
      traceBaseUrl: `${origin}/t`,
      trainingBaseUrl: `${origin}/tr/v1`,
      inferenceBaseUrl: `${origin}/saved/inference/v1`,
      wandbApiBaseUrl: `${origin}/w`,
    };
    localStorage.setItem(
      KEY_ADDRESSES_STORAGE_KEY,
      JSON.stringify({ key: keyFingerprint("local-demo-key"), ...addresses }),
    );
    const asked = stubServices("failing");
    await (await freshPage()).preloadFirstPageRequest("/models");
    expect(asked).toEqual(["/config.json", "/saved/inference/v1/models"]);
  });

  describe("the queue list's", () => {
    beforeEach(() => {
      localStorage.setItem(
        PREFERENCES_STORAGE_KEY,
        JSON.stringify({ annotationProject: "team/demo", inferenceProject: "", keyStorage: "local" }),
      );
    });

    it("is the page's own query, with the address's search: the trace client takes its answer", async () => {
      window.history.replaceState(null, "", "/queues?q=%20refund%20");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/queues");
      expect(asked).toEqual(["/config.json", "/api/trace/annotation_queues/query"]);
      expect(await page.listQueuesAsTheAppDoes("team/demo", "refund")).toEqual([QUEUE]);
      expect(asked).toEqual(["/config.json", "/api/trace/annotation_queues/query"]);
      expect(JSON.parse(queueQueryBodies[0] ?? "")).toMatchObject({ project_id: "team/demo", name: "refund" });
    });

    it("is not taken by a query with another body (another search): that one is sent", async () => {
      window.history.replaceState(null, "", "/queues?q=refund");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/queues");
      expect(await page.listQueuesAsTheAppDoes("team/demo", "")).toEqual([QUEUE]);
      expect(asked.filter((path) => path.endsWith("/annotation_queues/query"))).toHaveLength(2);
      expect(queueQueryBodies.map((body) => (JSON.parse(body) as { name?: string }).name)).toEqual([
        "refund",
        undefined,
      ]);
    });

    it("is not made when the address names another project (the page asks which first) or none is chosen", async () => {
      window.history.replaceState(null, "", "/queues?annotation_project=other%2Fproject");
      const asked = stubServices();
      await (await freshPage()).preloadFirstPageRequest("/queues");
      localStorage.setItem(
        PREFERENCES_STORAGE_KEY,
        JSON.stringify({ annotationProject: "", inferenceProject: "", keyStorage: "local" }),
      );
      window.history.replaceState(null, "", "/queues");
      await (await freshPage()).preloadFirstPageRequest("/queues");
      expect(asked).toEqual(["/config.json", "/config.json"]);
    });

    it("goes with the project the address names when it is the chosen one", async () => {
      window.history.replaceState(null, "", "/queues?annotation_project=team%2Fdemo");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/queues");
      expect(await page.listQueuesAsTheAppDoes("team/demo", "")).toEqual([QUEUE]);
      expect(asked).toEqual(["/config.json", "/api/trace/annotation_queues/query"]);
    });
  });

  describe("the items table's", () => {
    beforeEach(() => {
      localStorage.setItem(
        PREFERENCES_STORAGE_KEY,
        JSON.stringify({ annotationProject: "team/demo", inferenceProject: "", keyStorage: "local" }),
      );
    });
    const QUEUE_PATHS = [
      "/api/trace/annotation_queues/q%201",
      "/api/trace/annotation_queues/q%201/items/query",
      "/api/trace/annotation_queues/stats",
    ];

    it("are the page's queue, rows for the address's view and totals: the trace client takes all three", async () => {
      window.history.replaceState(
        null,
        "",
        "/queues/q%201?state=completed,skipped&sort=call_op_name.desc&page=2&size=25",
      );
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/queues/q%201");
      expect(asked).toEqual(["/config.json", ...QUEUE_PATHS]);
      expect(await page.readQueueItemsAsTheAppDoes("team/demo", "q 1")).toEqual([QUEUE, { items: [] }, []]);
      expect(asked).toEqual(["/config.json", ...QUEUE_PATHS]);
      expect(JSON.parse(itemQueryBodies[0] ?? "")).toEqual({
        project_id: "team/demo",
        filter: { annotation_states: ["completed", "skipped"] },
        sort_by: [{ field: "call_op_name", direction: "desc" }],
        offset: 25,
        limit: 26,
        include_position: true,
      });
    });

    it("leave out what the address gets wrong, as the page does: its own request is the one sent", async () => {
      window.history.replaceState(null, "", "/queues/q%201?state=done,completed&sort=nope.up&size=7");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/queues/q%201");
      await page.readQueueItemsAsTheAppDoes("team/demo", "q 1");
      expect(asked).toEqual(["/config.json", ...QUEUE_PATHS]);
      expect(JSON.parse(itemQueryBodies[0] ?? "")).toMatchObject({
        filter: { annotation_states: ["completed"] },
        limit: 51,
      });
    });

    it("are not taken when the view changed in between (another page): the rows are sent again", async () => {
      window.history.replaceState(null, "", "/queues/q%201?page=2");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/queues/q%201");
      window.history.replaceState(null, "", "/queues/q%201?page=3");
      await page.readQueueItemsAsTheAppDoes("team/demo", "q 1");
      expect(asked.filter((path) => path.endsWith("/items/query"))).toHaveLength(2);
      expect(asked.filter((path) => path === QUEUE_PATHS[0])).toHaveLength(1);
    });

    it("are not made without a project to work in", async () => {
      window.history.replaceState(null, "", "/queues/q%201?annotation_project=other%2Fproject");
      const asked = stubServices();
      await (await freshPage()).preloadFirstPageRequest("/queues/q%201");
      expect(asked).toEqual(["/config.json"]);
    });
  });

  describe("the review's", () => {
    beforeEach(() => {
      localStorage.setItem(
        PREFERENCES_STORAGE_KEY,
        JSON.stringify({ annotationProject: "team/demo", inferenceProject: "", keyStorage: "local" }),
      );
    });
    const REVIEW_PATHS = [
      "/api/trace/annotation_queues/q%201",
      "/api/trace/annotation_queues/q%201/items/query",
      "/api/trace/call/read",
    ];

    it("are the page's queue and item, then the item's call: the trace client takes all three", async () => {
      window.history.replaceState(null, "", "/queues/q%201/items/i%201?i=3");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/queues/q%201/items/i%201");
      await vi.waitFor(() => expect(asked).toEqual(["/config.json", ...REVIEW_PATHS]));
      expect(await page.readReviewAsTheAppDoes("team/demo", "q 1", "i 1")).toEqual([QUEUE, [ITEM], CALL]);
      expect(asked).toEqual(["/config.json", ...REVIEW_PATHS]);
      expect(JSON.parse(itemQueryBodies[0] ?? "")).toEqual({
        project_id: "team/demo",
        filter: { id: "i 1" },
        limit: 1,
      });
      expect(JSON.parse(callReadBodies[0] ?? "")).toEqual({ project_id: "team/demo", id: "call-1" });
    });

    it("read no call when the item's answer names none (no such item): the page says so itself", async () => {
      window.history.replaceState(null, "", "/queues/q%201/items/gone");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/queues/q%201/items/gone");
      await vi.waitFor(() => expect(itemQueryBodies).toHaveLength(1));
      // The item's answer is in and read: no call read follows it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(asked).toEqual(["/config.json", ...REVIEW_PATHS.slice(0, 2)]);
    });
  });

  describe("the Calls page's", () => {
    beforeEach(() => {
      localStorage.setItem(
        PREFERENCES_STORAGE_KEY,
        JSON.stringify({ annotationProject: "team/demo", inferenceProject: "", keyStorage: "local" }),
      );
    });

    it("are the page's own rows, count, previews and ops, for the address's view: the trace client takes all four", async () => {
      window.history.replaceState(null, "", "/calls?q=refund&roots=1&sort=op_name.asc&page=3&size=25");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/calls");
      // The previews only once the ops' answer is in: their megabytes would hold the others back.
      expect(asked).toEqual([
        "/config.json",
        "/api/trace/calls/stream_query",
        "/api/trace/calls/query_stats",
        "/api/trace/objs/query",
      ]);
      const sent = [
        "/config.json",
        "/api/trace/calls/stream_query",
        "/api/trace/calls/query_stats",
        "/api/trace/objs/query",
        "/api/trace/calls/stream_query",
      ];
      await vi.waitFor(() => expect(asked).toEqual(sent));
      expect(await page.readCallsAsTheAppDoes("team/demo")).toEqual([[], 0, [], []]);
      expect(asked).toEqual(sent);
      expect(JSON.parse(callsQueryBodies[0] ?? "")).toMatchObject({
        project_id: "team/demo",
        filter: { trace_roots_only: true },
        sort_by: [{ field: "op_name", direction: "asc" }],
        offset: 50,
        limit: 26,
      });
      // The rows first, without the inputs and outputs; those second.
      expect(JSON.parse(callsQueryBodies[0] ?? "").columns).not.toContain("inputs");
      expect(JSON.parse(callsQueryBodies[1] ?? "").columns).toEqual(["id", "inputs", "output"]);
    });

    it("are not taken when the view changed in between (another page): those are sent", async () => {
      window.history.replaceState(null, "", "/calls?page=2");
      const asked = stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/calls");
      window.history.replaceState(null, "", "/calls?page=3");
      await page.readCallsAsTheAppDoes("team/demo");
      await vi.waitFor(() => expect(asked.filter((path) => path.endsWith("/calls/stream_query"))).toHaveLength(4));
      // The count does not depend on the page: boot's is taken.
      expect(asked.filter((path) => path.endsWith("/calls/query_stats"))).toHaveLength(1);
    });
  });

  describe("the job page's", () => {
    const JOB_READS = [
      "/api/training/v1/preview/training-jobs/j%201/events?limit=100 Bearer local-demo-key",
      "/api/training/v1/preview/training-jobs/j%201 Bearer local-demo-key",
    ];

    it("are its first page of events, then its job: the training client takes both", async () => {
      window.history.replaceState(null, "", "/training/jobs/j%201");
      stubServices();
      const page = await freshPage();
      await page.preloadFirstPageRequest("/training/jobs/j%201");
      expect(trainingReads).toEqual(JOB_READS);
      const [events, job] = await page.readJobAsTheAppDoes("j 1");
      expect(events.data.map((event) => event.id)).toEqual(["e1"]);
      expect(job).toEqual(JOB);
      // Nothing sent twice.
      expect(trainingReads).toEqual(JOB_READS);
    });

    it("are not made without a key", async () => {
      localStorage.removeItem(API_KEY_STORAGE_KEY);
      window.history.replaceState(null, "", "/training/jobs/j%201");
      stubServices();
      await (await freshPage()).preloadFirstPageRequest("/training/jobs/j%201");
      expect(trainingReads).toEqual([]);
    });
  });
});
