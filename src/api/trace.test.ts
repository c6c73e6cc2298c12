import { keepPreviousData, QueryClient, QueryObserver } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import type { ItemsQueryRequest } from "@contract/trace";
import { insertCalls } from "@server/trace/calls";
import { ACME_KEY, DEMO_KEY } from "@server/testing/test-app";
import { callQueries } from "@/features/queues/api/call";
import { itemQueries } from "@/features/queues/api/items";
import { createLocalServer } from "@/test/local-server";
import { createApiClients, type ApiClients } from "./clients";
import { editResponses, rejection } from "./test-support";

const PROJECT = "demo/support-bot";
const CALL_COUNT = 12;

let server: ReturnType<typeof createLocalServer>;
let clients: ApiClients;
let queueId: string;
const callIds = Array.from({ length: CALL_COUNT }, (_, i) => `call-${String(i).padStart(2, "0")}`);

beforeEach(async () => {
  server = createLocalServer();
  clients = createApiClients(server.settings, { fetch: server.fetch });
  // Calls come from traced code, which has no endpoint here: stored the way the seed stores them.
  insertCalls(
    server.db,
    callIds.map((id, i) => ({
      project_id: PROJECT,
      id,
      op_name: i % 2 === 0 ? "answer_question" : "classify_ticket",
      trace_id: `trace-${i}`,
      started_at: Date.UTC(2026, 0, 1, 0, i),
      ended_at: Date.UTC(2026, 0, 1, 0, i, 30),
      inputs: { question: `q${i}` },
      output: { answer: `a${i}` },
    })),
  );
  ({ id: queueId } = await clients.trace.createQueue({
    project_id: PROJECT,
    name: "Support answers",
    description: "check tone",
  }));
  await clients.trace.addItems(queueId, {
    project_id: PROJECT,
    call_ids: callIds,
    display_fields: ["inputs.question"],
  });
  server.requests.length = 0;
});

const page = (req: Omit<ItemsQueryRequest, "project_id">) =>
  clients.trace.queryItems(queueId, { project_id: PROJECT, ...req });

/** The items page options as a feature uses them: the old page stays while the next loads. */
const pageOf = (offset: number) => ({
  ...itemQueries.page(clients.trace, queueId, { project_id: PROJECT, limit: 5, offset }),
  placeholderData: keepPreviousData,
});

describe("trace client against the local annotation queue service", () => {
  it("sends Basic base64(api:KEY) on every call and never the key in a URL", async () => {
    await clients.trace.queryQueues({ project_id: PROJECT });
    await clients.trace.readQueue(PROJECT, queueId);
    await clients.trace.queryItems(queueId, { project_id: PROJECT, limit: 1 });
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      expect(request.headers.get("authorization")).toBe(`Basic ${btoa(`api:${DEMO_KEY}`)}`);
      expect(request.url).not.toContain(DEMO_KEY);
      expect(request.url).not.toContain(btoa(`api:${DEMO_KEY}`));
    }
  });

  it("lists queues from the NDJSON answer, filtered by name and limited", async () => {
    await clients.trace.createQueue({ project_id: PROJECT, name: "Billing escalations" });
    const all = await clients.trace.queryQueues({ project_id: PROJECT });
    expect(all.map((q) => q.name).sort()).toEqual(["Billing escalations", "Support answers"]);
    const named = await clients.trace.queryQueues({ project_id: PROJECT, name: "BILLING" });
    expect(named.map((q) => q.name)).toEqual(["Billing escalations"]);
    expect(await clients.trace.queryQueues({ project_id: PROJECT, limit: 1 })).toHaveLength(1);
  });

  it("reads a queue and reports an unknown one as not found with the service's reason", async () => {
    const queue = await clients.trace.readQueue(PROJECT, queueId);
    expect(queue).toMatchObject({
      id: queueId,
      project_id: PROJECT,
      name: "Support answers",
      description: "check tone",
    });
    const error = await rejection(clients.trace.readQueue(PROJECT, "no-such-queue"));
    expect(error).toMatchObject({ kind: "not_found", status: 404, service: "trace" });
    expect(error.serviceMessage).toEqual(expect.any(String));
    expect(error.message).toBe(
      `The annotation queue service could not find what was asked for (404): ${error.serviceMessage}`,
    );
  });

  it("adds items, counting duplicates, and reports queue stats", async () => {
    expect(await clients.trace.addItems(queueId, { project_id: PROJECT, call_ids: [callIds[0] ?? ""] })).toEqual({
      added_count: 0,
      duplicates: 1,
    });
    const stats = await clients.trace.queueStats({ project_id: PROJECT, queue_ids: [queueId] });
    expect(stats).toEqual([{ queue_id: queueId, total_items: CALL_COUNT, completed_items: 0 }]);
  });

  it("pages, sorts and filters items, with positions", async () => {
    const first = await page({ limit: 5, offset: 0, include_position: true });
    expect(first.items.map((i) => i.call_id)).toEqual(callIds.slice(0, 5));
    expect(first.items.map((i) => i.position_in_queue)).toEqual([1, 2, 3, 4, 5]);
    const third = await page({ limit: 5, offset: 10 });
    expect(third.items.map((i) => i.call_id)).toEqual(callIds.slice(10));

    const newest = await page({ limit: 3, sort_by: [{ field: "call_started_at", direction: "desc" }] });
    expect(newest.items.map((i) => i.call_id)).toEqual(["call-11", "call-10", "call-09"]);

    const classify = await page({ filter: { call_op_name: "classify_ticket" } });
    expect(classify.items).toHaveLength(CALL_COUNT / 2);
    expect(new Set(classify.items.map((i) => i.call_op_name))).toEqual(new Set(["classify_ticket"]));
  });

  it("sets an item's progress and reports a forbidden transition as a bad request", async () => {
    const [item] = (await clients.trace.queryItems(queueId, { project_id: PROJECT, limit: 1 })).items;
    if (!item) throw new Error("no item");
    const started = await clients.trace.setItemProgress(queueId, item.id, {
      project_id: PROJECT,
      annotation_state: "in_progress",
    });
    expect(started).toMatchObject({ id: item.id, annotation_state: "in_progress" });
    const done = await clients.trace.setItemProgress(queueId, item.id, {
      project_id: PROJECT,
      annotation_state: "completed",
    });
    expect(done.annotation_state).toBe("completed");

    const error = await rejection(
      clients.trace.setItemProgress(queueId, item.id, { project_id: PROJECT, annotation_state: "skipped" }),
    );
    expect(error).toMatchObject({ kind: "bad_request", status: 400, retryable: false });
    expect(error.serviceMessage).toEqual(expect.any(String));

    const completed = await clients.trace.queryItems(queueId, {
      project_id: PROJECT,
      filter: { annotation_states: ["completed"] },
    });
    expect(completed.items.map((i) => i.id)).toEqual([item.id]);
    expect((await clients.trace.queueStats({ project_id: PROJECT, queue_ids: [queueId] }))[0]?.completed_items).toBe(1);
  });

  it("reads the call an item points to, and a missing call as null (upstream's 200 {call: null})", async () => {
    const call = await clients.trace.readCall({ project_id: PROJECT, id: "call-03" });
    expect(call).toMatchObject({
      id: "call-03",
      op_name: "classify_ticket",
      trace_id: "trace-3",
      inputs: { question: "q3" },
      output: { answer: "a3" },
    });
    expect(await clients.trace.readCall({ project_id: PROJECT, id: "nope" })).toBeNull();
    // The call query passes the null on (no error, no "broken response"): the review says the call is gone.
    expect(
      await new QueryClient().fetchQuery(callQueries.call(clients.trace, { project_id: PROJECT, id: "nope" })),
    ).toBeNull();
  });

  it("names each rejected field of a 422 by its path inside the body", async () => {
    const bad = {
      project_id: PROJECT,
      sort_by: [{ field: "created_at", direction: "sideways" }],
      filter: { bogus: 1 },
      limit: -1,
    } as unknown as ItemsQueryRequest;
    const error = await rejection(clients.trace.queryItems(queueId, bad));
    expect(error).toMatchObject({ kind: "validation", status: 422, retryable: false });
    const paths = error.fieldErrors.map((f) => f.path).sort();
    expect(paths).toEqual(["filter.bogus", "limit", "sort_by.0.direction"]);
    const direction = error.fieldErrors.find((f) => f.path === "sort_by.0.direction");
    expect(direction?.loc).toEqual(["body", "sort_by", 0, "direction"]);
    expect(error.fieldErrors.find((f) => f.path === "filter.bogus")?.type).toBe("extra_forbidden");
    expect(error.message).toMatch(/^The annotation queue service rejected some fields of the request \(422\): /);
  });

  it("rejects a wrong key (401) and another entity's project (403)", async () => {
    const wrong = createApiClients({ ...server.settings, apiKey: "wrong" }, { fetch: server.fetch });
    expect(await rejection(wrong.trace.queryQueues({ project_id: PROJECT }))).toMatchObject({
      kind: "unauthorized",
      message: "The annotation queue service rejected the API key (401).",
    });
    const acme = createApiClients({ ...server.settings, apiKey: ACME_KEY }, { fetch: server.fetch });
    const forbidden = await rejection(acme.trace.queryItems(queueId, { project_id: PROJECT }));
    expect(forbidden).toMatchObject({ kind: "forbidden", status: 403 });
  });

  it("names the field when a real answer breaks the contract", async () => {
    const broken = editResponses(server.fetch, async (response) => {
      const body = (await response.json()) as { items: Record<string, unknown>[] };
      const fourth = body.items[3];
      if (fourth) fourth.call_id = 42;
      return Response.json(body);
    });
    const c = createApiClients(server.settings, { fetch: broken });
    const error = await rejection(c.trace.queryItems(queueId, { project_id: PROJECT, limit: 5 }));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toBe(
      "The annotation queue service sent an unexpected response: items.3.call_id: expected string, received number",
    );
  });

  it("names the NDJSON line that is not JSON", async () => {
    const broken = editResponses(server.fetch, async (response) => new Response(`${await response.text()}{not json\n`));
    const c = createApiClients(server.settings, { fetch: broken });
    const error = await rejection(c.trace.queryQueues({ project_id: PROJECT }));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toBe("The annotation queue service sent an unexpected response: line 2 is not JSON");
  });

  it("keeps the previous items page on screen while the next one loads", async () => {
    const queryClient = new QueryClient();
    const observer = new QueryObserver(queryClient, pageOf(0));
    const results: { ids: string[]; placeholder: boolean }[] = [];
    const unsubscribe = observer.subscribe((r) => {
      if (r.data) results.push({ ids: r.data.items.map((i) => i.call_id), placeholder: r.isPlaceholderData });
    });
    await expect.poll(() => results.at(-1)?.ids).toEqual(callIds.slice(0, 5));
    observer.setOptions(pageOf(5));
    expect(observer.getCurrentResult()).toMatchObject({ isPlaceholderData: true });
    expect(observer.getCurrentResult().data?.items.map((i) => i.call_id)).toEqual(callIds.slice(0, 5));
    await expect.poll(() => results.at(-1)).toEqual({ ids: callIds.slice(5, 10), placeholder: false });
    unsubscribe();
  });
});
