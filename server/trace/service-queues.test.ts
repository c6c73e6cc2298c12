import { describe, expect, it } from "vitest";
import { AnnotationQueue, CreateQueueResponse, QueueStatsResponse, ReadQueueResponse } from "../../contract/trace";
import { ObjCreateResponse } from "../../contract/trace-objects";
import { bearer, call, createTestApp } from "../testing/test-app";
import { softDeleteItems } from "./items";
import { setProgress } from "./progress";
import { PROJECT, makeQueue } from "./test-fixtures";

const API = "/api/trace";

async function createQueue(
  app: ReturnType<typeof createTestApp>["app"],
  name: string,
  extra: Record<string, unknown> = {},
) {
  const res = await call(app, "POST", `${API}/annotation_queues`, {
    body: { project_id: PROJECT, name, ...extra },
    headers: bearer(),
  });
  expect(res.status).toBe(200);
  return CreateQueueResponse.parse(res.json).id;
}

const parseNdjson = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => AnnotationQueue.parse(JSON.parse(line)));

describe("annotation queues", () => {
  it("creates a queue and reads it back with its defaults", async () => {
    const { app } = createTestApp();
    const spec = await call(app, "POST", `${API}/obj/create`, {
      body: {
        obj: {
          project_id: PROJECT,
          object_id: "ToneScorer",
          val: { name: "Tone", field_schema: { type: "integer", minimum: 1, maximum: 5 } },
          builtin_object_class: "AnnotationSpec",
        },
      },
      headers: bearer(),
    });
    const toneRef = `weave:///${PROJECT}/object/ToneScorer:${ObjCreateResponse.parse(spec.json).digest}`;
    const id = await createQueue(app, "  Tone review  ", { scorer_refs: [toneRef] });
    const res = await call(app, "GET", `${API}/annotation_queues/${id}?project_id=${encodeURIComponent(PROJECT)}`, {
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    const { queue } = ReadQueueResponse.parse(res.json);
    expect(queue).toMatchObject({
      id,
      project_id: PROJECT,
      name: "Tone review",
      description: "",
      scorer_refs: [toneRef],
      created_by: "user-demo",
      deleted_at: null,
    });
    expect(queue.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(queue.updated_at).toBe(queue.created_at);
  });

  it("answers an unknown queue, or one of another project, with 404 and a reason", async () => {
    const { app } = createTestApp();
    const id = await createQueue(app, "Mine");
    const unknown = await call(app, "GET", `${API}/annotation_queues/nope?project_id=${PROJECT}`, {
      headers: bearer(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.reason).toContain("nope");
    const elsewhere = await call(app, "GET", `${API}/annotation_queues/${id}?project_id=demo/other`, {
      headers: bearer(),
    });
    expect(elsewhere.status).toBe(404);
  });

  it("lists queues as NDJSON, one per line, in the order asked, with a case-insensitive name search", async () => {
    const { app } = createTestApp();
    const ids = [];
    for (const name of [
      "Refund conversations – tone review",
      "Escalations – policy check",
      "Ärger review",
      "Hallucination audit",
    ])
      ids.push(await createQueue(app, name));
    // (The default order, newest first, is tested against upstream in upstream-behaviour.test.ts.)
    const oldestFirst = { sort_by: [{ field: "created_at", direction: "asc" }] };
    const all = await call(app, "POST", `${API}/annotation_queues/query`, {
      body: { project_id: PROJECT, ...oldestFirst },
      headers: bearer(),
    });
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toContain("application/jsonl");
    expect(all.text.endsWith("\n")).toBe(true);
    expect(parseNdjson(all.text).map((q) => q.id)).toEqual(ids);

    const search = await call(app, "POST", `${API}/annotation_queues/query`, {
      body: { project_id: PROJECT, name: "REVIEW", ...oldestFirst },
      headers: bearer(),
    });
    expect(parseNdjson(search.text).map((q) => q.name)).toEqual(["Refund conversations – tone review", "Ärger review"]);
    const unicode = await call(app, "POST", `${API}/annotation_queues/query`, {
      body: { project_id: PROJECT, name: "ärger" },
      headers: bearer(),
    });
    expect(parseNdjson(unicode.text).map((q) => q.name)).toEqual(["Ärger review"]);
  });

  it("sorts and pages the queue list, ties broken by id", async () => {
    const { app } = createTestApp();
    for (const name of ["b", "a", "c", "a"]) await createQueue(app, name);
    const res = await call(app, "POST", `${API}/annotation_queues/query`, {
      body: { project_id: PROJECT, sort_by: [{ field: "name", direction: "desc" }], limit: 3, offset: 1 },
      headers: bearer(),
    });
    const names = parseNdjson(res.text).map((q) => q.name);
    expect(names).toEqual(["b", "a", "a"]);
    const both = parseNdjson(res.text).filter((q) => q.name === "a");
    expect((both[0] as AnnotationQueue).id < (both[1] as AnnotationQueue).id).toBe(true);
    const empty = await call(app, "POST", `${API}/annotation_queues/query`, {
      body: { project_id: "demo/empty" },
      headers: bearer(),
    });
    expect(empty.status).toBe(200);
    expect(empty.text).toBe("");
  });

  it("reports totals and done items per queue, in request order, zero for unknown queues", async () => {
    const { app, db } = createTestApp();
    const queue = makeQueue(db, { n: 30, deleted: 3 });
    const empty = await createQueue(app, "Empty");
    const items = db
      .prepare("SELECT id FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL ORDER BY seq")
      .pluck()
      .all(queue.seq) as string[];
    // The fixture writes states straight to the rows; stats count progress records, so start clean.
    db.prepare("UPDATE annotation_queue_items SET annotation_state = 'unstarted', annotator_user_id = NULL").run();
    const [a, b, c, d, e] = items as [string, string, string, string, string];
    setProgress(db, queue, a, "user-demo", "completed");
    setProgress(db, queue, b, "user-demo", "skipped");
    setProgress(db, queue, c, "user-demo", "in_progress");
    // Done for one annotator, then picked up by another: still counted as done (as the real service does).
    setProgress(db, queue, d, "user-maria", "completed");
    setProgress(db, queue, d, "user-kenji", "in_progress");
    // Done, then removed from the queue: not counted.
    setProgress(db, queue, e, "user-demo", "completed");
    softDeleteItems(db, queue.seq, [e]);

    const res = await call(app, "POST", `${API}/annotation_queues/stats`, {
      body: { project_id: PROJECT, queue_ids: ["unknown", queue.id, empty] },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    expect(QueueStatsResponse.parse(res.json).stats).toEqual([
      { queue_id: "unknown", total_items: 0, completed_items: 0 },
      { queue_id: queue.id, total_items: 29, completed_items: 3 },
      { queue_id: empty, total_items: 0, completed_items: 0 },
    ]);
    const none = await call(app, "POST", `${API}/annotation_queues/stats`, {
      body: { project_id: PROJECT, queue_ids: [] },
      headers: bearer(),
    });
    expect(none.json).toEqual({ stats: [] });
  });
});
