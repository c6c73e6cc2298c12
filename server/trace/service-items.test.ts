import { describe, expect, it } from "vitest";
import {
  AddItemsResponse,
  CallReadResponse,
  ItemsQueryRequest,
  ItemsQueryResponse,
  type AnnotationQueueItem,
  type ItemsQueryRequest as ItemsQueryInput,
} from "../../contract/trace";
import { basic, bearer, call, createTestApp, type TestApp } from "../testing/test-app";
import { queryItemsNaive } from "./items-query.reference-impl";
import type { QueueRow } from "./rows";
import { OPS, PROJECT, makeCalls, makeQueue } from "./test-fixtures";

const API = "/api/trace";

async function queryItems(app: TestApp["app"], queueId: string, body: Omit<ItemsQueryInput, "project_id">) {
  const res = await call(app, "POST", `${API}/annotation_queues/${queueId}/items/query`, {
    body: { project_id: PROJECT, ...body },
    headers: basic(),
  });
  expect(res.status).toBe(200);
  return ItemsQueryResponse.parse(res.json).items;
}

function fixture(n = 60, deleted = 6) {
  const test = createTestApp();
  const queue = makeQueue(test.db, { n, deleted });
  return { ...test, queue };
}

const naive = (test: TestApp, queue: QueueRow, body: Omit<ItemsQueryInput, "project_id">) =>
  queryItemsNaive(test.db, queue, ItemsQueryRequest.parse({ project_id: PROJECT, ...body }));

describe("adding calls to a queue", () => {
  it("adds calls once, counting repeats and calls already queued as duplicates", async () => {
    const { app, db } = createTestApp();
    const calls = makeCalls(db, 4);
    const created = await call(app, "POST", `${API}/annotation_queues`, {
      body: { project_id: PROJECT, name: "Q" },
      headers: bearer(),
    });
    const queueId = created.json.id as string;
    const add = (callIds: string[]) =>
      call(app, "POST", `${API}/annotation_queues/${queueId}/items`, {
        body: { project_id: PROJECT, call_ids: callIds, display_fields: ["inputs.question"] },
        headers: bearer(),
      });

    const first = await add([calls[0]!.id, calls[1]!.id, calls[0]!.id]);
    expect(first.status).toBe(200);
    expect(AddItemsResponse.parse(first.json)).toEqual({ added_count: 2, duplicates: 1 });
    const second = await add([calls[1]!.id, calls[2]!.id]);
    expect(second.json).toEqual({ added_count: 1, duplicates: 1 });

    const items = await queryItems(app, queueId, {});
    expect(items.map((i) => i.call_id)).toEqual([calls[0]!.id, calls[1]!.id, calls[2]!.id]);
    expect(items[0]).toMatchObject({
      queue_id: queueId,
      project_id: PROJECT,
      call_op_name: calls[0]!.op_name,
      call_trace_id: calls[0]!.trace_id,
      display_fields: ["inputs.question"],
      added_by: "user-demo",
      created_by: "user-demo",
      annotation_state: "unstarted",
      annotator_user_id: "",
      deleted_at: null,
      position_in_queue: null,
    });
    expect(items[0]!.call_started_at).toBe(new Date(calls[0]!.started_at).toISOString());
  });

  it("rejects unknown call ids with a 400 naming them, adding nothing", async () => {
    const { app, db } = createTestApp();
    const calls = makeCalls(db, 1);
    makeCalls(db, 1, { projectId: "acme/claims", seed: 99 });
    const acmeCall = db.prepare("SELECT id FROM trace_calls WHERE project_id = 'acme/claims'").pluck().get() as string;
    const queueId = (
      await call(app, "POST", `${API}/annotation_queues`, {
        body: { project_id: PROJECT, name: "Q" },
        headers: bearer(),
      })
    ).json.id as string;
    const res = await call(app, "POST", `${API}/annotation_queues/${queueId}/items`, {
      body: { project_id: PROJECT, call_ids: [calls[0]!.id, "missing-call", acmeCall] },
      headers: bearer(),
    });
    expect(res.status).toBe(400);
    expect(res.json.reason).toContain("'missing-call'");
    expect(res.json.reason).toContain(acmeCall);
    expect(await queryItems(app, queueId, {})).toEqual([]);
  });

  it("answers 404 for adding to an unknown queue", async () => {
    const { app, db } = createTestApp();
    const calls = makeCalls(db, 1);
    const res = await call(app, "POST", `${API}/annotation_queues/nope/items`, {
      body: { project_id: PROJECT, call_ids: [calls[0]!.id] },
      headers: bearer(),
    });
    expect(res.status).toBe(404);
    expect(res.json.reason).toContain("nope");
  });
});

describe("querying queue items", () => {
  it("returns every live item in created_at, id order when nothing is asked", async () => {
    const test = fixture();
    const items = await queryItems(test.app, test.queue.id, {});
    expect(items).toHaveLength(60);
    expect(items.every((i) => i.deleted_at === null && i.position_in_queue === null)).toBe(true);
    const keys = items.map((i) => [i.created_at, i.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1)));
    expect(items).toEqual(naive(test, test.queue, {}));
  });

  it("never returns deleted items, even when asked for them by id", async () => {
    const test = fixture();
    const deleted = test.db
      .prepare("SELECT id FROM annotation_queue_items WHERE deleted_at IS NOT NULL")
      .pluck()
      .all() as string[];
    expect(deleted).toHaveLength(6);
    expect(await queryItems(test.app, test.queue.id, { filter: { id: deleted[0] } })).toEqual([]);
    const all = await queryItems(test.app, test.queue.id, {});
    expect(all.some((i) => deleted.includes(i.id))).toBe(false);
  });

  it.each([
    ["id", (i: AnnotationQueueItem) => ({ id: i.id })],
    ["call_id", (i: AnnotationQueueItem) => ({ call_id: i.call_id })],
    ["call_op_name", (i: AnnotationQueueItem) => ({ call_op_name: i.call_op_name })],
    ["call_trace_id", (i: AnnotationQueueItem) => ({ call_trace_id: i.call_trace_id })],
    ["added_by", (i: AnnotationQueueItem) => ({ added_by: i.added_by ?? "" })],
    ["annotation_states", (i: AnnotationQueueItem) => ({ annotation_states: [i.annotation_state] })],
  ] as const)("filters by %s", async (field, filterFor) => {
    const test = fixture();
    const all = await queryItems(test.app, test.queue.id, {});
    const sample = all.find((i) => i.added_by) as AnnotationQueueItem;
    const filter = filterFor(sample);
    const items = await queryItems(test.app, test.queue.id, { filter });
    const value = Object.values(filter)[0];
    const expected = all.filter((i) =>
      field === "annotation_states" ? (value as string[]).includes(i.annotation_state) : i[field] === value,
    );
    expect(items.map((i) => i.id)).toEqual(expected.map((i) => i.id));
    expect(items.length).toBeGreaterThan(0);
  });

  it("ANDs filters, takes states by membership, and filters nothing for an empty state list (as upstream)", async () => {
    const test = fixture();
    const all = await queryItems(test.app, test.queue.id, {});
    const filter = { call_op_name: OPS[2], annotation_states: ["completed", "skipped"] as ("completed" | "skipped")[] };
    const items = await queryItems(test.app, test.queue.id, { filter });
    expect(items.map((i) => i.id)).toEqual(
      all
        .filter((i) => i.call_op_name === OPS[2] && ["completed", "skipped"].includes(i.annotation_state))
        .map((i) => i.id),
    );
    // annotation_queues_query_builder.py adds the state condition only for a non-empty list.
    expect(await queryItems(test.app, test.queue.id, { filter: { annotation_states: [] } })).toEqual(all);
  });

  // Upstream (wandb/weave weave/trace_server/query_builder/annotation_queues_query_builder.py,
  // make_queue_items_query) numbers rows in the inner query that applies the id, call_id,
  // call_op_name, call_trace_id and added_by filters; only annotation_states is applied after.
  it("numbers positions after the scalar filters and before the state filter", async () => {
    const test = fixture();
    const all = await queryItems(test.app, test.queue.id, { include_position: true });
    const ofOp = all.filter((i) => i.call_op_name === OPS[1]);
    const byOp = await queryItems(test.app, test.queue.id, {
      filter: { call_op_name: OPS[1] },
      include_position: true,
    });
    expect(byOp.map((i) => [i.id, i.position_in_queue])).toEqual(ofOp.map((item, index) => [item.id, index + 1]));

    const completedOfOp = await queryItems(test.app, test.queue.id, {
      filter: { call_op_name: OPS[1], annotation_states: ["completed"] },
      include_position: true,
    });
    expect(completedOfOp.map((i) => [i.id, i.position_in_queue])).toEqual(
      byOp.filter((i) => i.annotation_state === "completed").map((i) => [i.id, i.position_in_queue]),
    );

    // An item read by its id is the first of a list of one: never its place in the queue.
    const deep = all[all.length - 1]!;
    const [byId] = await queryItems(test.app, test.queue.id, { filter: { id: deep.id }, include_position: true });
    expect(byId?.position_in_queue).toBe(1);
    expect(deep.position_in_queue).toBe(all.length);
  });

  it("sorts by several keys, in each direction, with id ascending as the last tie-breaker", async () => {
    const test = fixture();
    const items = await queryItems(test.app, test.queue.id, {
      sort_by: [
        { field: "call_op_name", direction: "desc" },
        { field: "updated_at", direction: "desc" },
      ],
    });
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      const inOrder =
        a.call_op_name > b.call_op_name ||
        (a.call_op_name === b.call_op_name &&
          (a.updated_at > b.updated_at || (a.updated_at === b.updated_at && a.id < b.id)));
      expect(inOrder).toBe(true);
    }
    // The fixture is full of ties, so the tie-breaker really decided something.
    expect(
      items.some(
        (item, i) =>
          i > 0 && item.call_op_name === items[i - 1]!.call_op_name && item.updated_at === items[i - 1]!.updated_at,
      ),
    ).toBe(true);
  });

  it("pages with limit and offset; no limit returns every match; an offset past the end returns none", async () => {
    const test = fixture();
    const all = await queryItems(test.app, test.queue.id, {
      sort_by: [{ field: "call_started_at", direction: "desc" }],
    });
    const page = await queryItems(test.app, test.queue.id, {
      sort_by: [{ field: "call_started_at", direction: "desc" }],
      limit: 7,
      offset: 21,
    });
    expect(page.map((i) => i.id)).toEqual(all.slice(21, 28).map((i) => i.id));
    expect(await queryItems(test.app, test.queue.id, { offset: 55 })).toHaveLength(5);
    expect(await queryItems(test.app, test.queue.id, { offset: 60, limit: 10 })).toEqual([]);
    expect(await queryItems(test.app, test.queue.id, { limit: 0 })).toEqual([]);
  });

  it("gives position_in_queue in the full queue's order, before filter and paging, only when asked", async () => {
    const test = fixture();
    const sort_by = [{ field: "updated_at" as const, direction: "desc" as const }];
    const all = await queryItems(test.app, test.queue.id, { sort_by, include_position: true });
    expect(all.map((i) => i.position_in_queue)).toEqual(all.map((_, i) => i + 1));
    const filtered = await queryItems(test.app, test.queue.id, {
      sort_by,
      include_position: true,
      filter: { annotation_states: ["in_progress"] },
      limit: 4,
      offset: 2,
    });
    const expected = all.filter((i) => i.annotation_state === "in_progress").slice(2, 6);
    expect(filtered).toEqual(expected);
    expect(filtered).toEqual(
      naive(test, test.queue, {
        sort_by,
        include_position: true,
        filter: { annotation_states: ["in_progress"] },
        limit: 4,
        offset: 2,
      }),
    );
    const without = await queryItems(test.app, test.queue.id, {
      sort_by,
      filter: { annotation_states: ["in_progress"] },
    });
    expect(without.every((i) => i.position_in_queue === null)).toBe(true);
  });

  it("answers an unknown queue with no items", async () => {
    const { app } = createTestApp();
    expect(await queryItems(app, "no-such-queue", { include_position: true })).toEqual([]);
  });
});

describe("reading a call", () => {
  it("returns the stored call with its inputs, output and exception", async () => {
    const { app, db } = createTestApp();
    const calls = makeCalls(db, 12);
    const running = calls[0]!;
    const res = await call(app, "POST", `${API}/call/read`, {
      body: { project_id: PROJECT, id: running.id },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    const { call: read } = CallReadResponse.parse(res.json);
    expect(read).toMatchObject({
      id: running.id,
      project_id: PROJECT,
      op_name: running.op_name,
      trace_id: running.trace_id,
      ended_at: null,
      inputs: running.inputs,
      output: null,
      exception: "TimeoutError: retriever.search did not answer within 10.0 s",
    });
    const done = (
      await call(app, "POST", `${API}/call/read`, {
        body: { project_id: PROJECT, id: calls[1]!.id },
        headers: bearer(),
      })
    ).json.call;
    expect(done.output).toEqual({ answer: "answer 1" });
    expect(done.ended_at).toBe(new Date(calls[1]!.ended_at as number).toISOString());
  });
});
