import { describe, expect, it } from "vitest";
import { AnnotationQueue } from "../../contract/trace";
import { basic, call, createTestApp } from "../testing/test-app";
import { PROJECT, makeCalls } from "./test-fixtures";

// The trace service as upstream behaves (docs/contract-decisions.md). Each
// test names the wandb/weave file its expectation comes from.

const API = "/api/trace";
const queues = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => AnnotationQueue.parse(JSON.parse(line)));

async function newQueue(app: ReturnType<typeof createTestApp>["app"], name: string) {
  const res = await call(app, "POST", `${API}/annotation_queues`, {
    body: { project_id: PROJECT, name },
    headers: basic(),
  });
  expect(res.status).toBe(200);
  return res.json.id as string;
}

describe("trace service, as upstream", () => {
  it("lists queues newest first by default, id ascending within a millisecond; id is sortable (weave/trace_server/query_builder/annotation_queues_query_builder.py)", async () => {
    const { app } = createTestApp();
    const ids = [];
    for (const name of ["first", "second", "third"]) ids.push(await newQueue(app, name));
    const list = await call(app, "POST", `${API}/annotation_queues/query`, {
      body: { project_id: PROJECT },
      headers: basic(),
    });
    const listed = queues(list.text);
    // Newest first; queues made in one millisecond keep id order (ids increase with creation).
    const expected = [...listed].sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? 1 : -1,
    );
    expect(listed.map((q) => q.id)).toEqual(expected.map((q) => q.id));
    expect(new Set(listed.map((q) => q.id))).toEqual(new Set(ids));
    const byId = await call(app, "POST", `${API}/annotation_queues/query`, {
      body: { project_id: PROJECT, sort_by: [{ field: "id", direction: "desc" }] },
      headers: basic(),
    });
    expect(byId.status).toBe(200);
    expect(queues(byId.text).map((q) => q.id)).toEqual([...ids].sort().toReversed());
  });

  it("answers stats with one row per requested id, duplicates included, an unknown id with zeros (weave/trace_server/clickhouse/annotation_queues.py)", async () => {
    const { app } = createTestApp();
    const id = await newQueue(app, "q");
    const res = await call(app, "POST", `${API}/annotation_queues/stats`, {
      body: { project_id: PROJECT, queue_ids: [id, "unknown", id] },
      headers: basic(),
    });
    expect(res.status).toBe(200);
    expect(res.json.stats).toEqual([
      { queue_id: id, total_items: 0, completed_items: 0 },
      { queue_id: "unknown", total_items: 0, completed_items: 0 },
      { queue_id: id, total_items: 0, completed_items: 0 },
    ]);
  });

  it("reads an unknown call as 200 {call: null} and takes the include_* flags (weave/trace_server/clickhouse_trace_server_batched.py, call_read)", async () => {
    const { app, db } = createTestApp();
    const [known] = makeCalls(db, 1);
    const flags = { include_costs: true, include_storage_size: true, include_total_storage_size: false };
    const missing = await call(app, "POST", `${API}/call/read`, {
      body: { project_id: PROJECT, id: "no-such-call", ...flags },
      headers: basic(),
    });
    expect({ status: missing.status, body: missing.json }).toEqual({ status: 200, body: { call: null } });
    const found = await call(app, "POST", `${API}/call/read`, {
      body: { project_id: PROJECT, id: known!.id, ...flags },
      headers: basic(),
    });
    expect(found.status).toBe(200);
    expect(found.json.call.id).toBe(known!.id);
  });

  it("answers GET /health without a key (the weave SDK's login check calls it)", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", `${API}/health`);
    expect(res.status).toBe(200);
  });

  it('sends an unstarted item\'s annotator_user_id as "" (tests/trace/test_client_annotation_queues.py)', async () => {
    const { app, db } = createTestApp();
    const calls = makeCalls(db, 2);
    const id = await newQueue(app, "q");
    await call(app, "POST", `${API}/annotation_queues/${id}/items`, {
      body: { project_id: PROJECT, call_ids: calls.map((c) => c.id) },
      headers: basic(),
    });
    const { json } = await call(app, "POST", `${API}/annotation_queues/${id}/items/query`, {
      body: { project_id: PROJECT },
      headers: basic(),
    });
    const [first, second] = json.items as { id: string; annotator_user_id: string | null }[];
    await call(app, "POST", `${API}/annotation_queues/${id}/items/${first!.id}/progress`, {
      body: { project_id: PROJECT, annotation_state: "in_progress" },
      headers: basic(),
    });
    const after = await call(app, "POST", `${API}/annotation_queues/${id}/items/query`, {
      body: { project_id: PROJECT },
      headers: basic(),
    });
    expect(
      after.json.items.map((i: { id: string; annotator_user_id: string | null }) => [i.id, i.annotator_user_id]),
    ).toEqual([
      [first!.id, "user-demo"],
      [second!.id, ""],
    ]);
  });
});
