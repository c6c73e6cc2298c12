import { describe, expect, it } from "vitest";
import { ObjCreateResponse } from "../../contract/trace-objects";
import {
  AnnotationQueue,
  CreateQueueResponse,
  DeleteQueueResponse,
  ItemsQueryResponse,
  QueueStatsResponse,
  ReadQueueResponse,
  UpdateQueueResponse,
} from "../../contract/trace";
import { FeedbackQueryResponse } from "../../contract/trace-feedback";
import { ACME_KEY, bearer, call, createTestApp, type TestApp } from "../testing/test-app";
import { makeQueue, PROJECT } from "./test-fixtures";

const API = "/api/trace";
type App = TestApp["app"];

async function spec(app: App, name: string, project = PROJECT, key?: string): Promise<string> {
  const body = {
    obj: {
      project_id: project,
      object_id: name,
      val: { name, field_schema: { type: "integer", minimum: 1, maximum: 5 } },
      builtin_object_class: "AnnotationSpec",
    },
  };
  const res = await call(app, "POST", `${API}/obj/create`, { body, headers: bearer(key) });
  expect(res.status).toBe(200);
  return `weave:///${project}/object/${name}:${ObjCreateResponse.parse(res.json).digest}`;
}

async function newQueue(app: App, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, "POST", `${API}/annotation_queues`, {
    body: { project_id: PROJECT, name: "Tone review", ...extra },
    headers: bearer(),
  });
  expect(res.status).toBe(200);
  return CreateQueueResponse.parse(res.json).id;
}

const update = (app: App, id: string, body: Record<string, unknown>, key?: string) =>
  call(app, "PUT", `${API}/annotation_queues/${id}`, { body: { project_id: PROJECT, ...body }, headers: bearer(key) });
const remove = (app: App, id: string, key?: string, project = PROJECT) =>
  call(app, "DELETE", `${API}/annotation_queues/${id}?project_id=${encodeURIComponent(project)}`, {
    headers: bearer(key),
  });
const read = (app: App, id: string) =>
  call(app, "GET", `${API}/annotation_queues/${id}?project_id=${encodeURIComponent(PROJECT)}`, { headers: bearer() });
const listIds = async (app: App) => {
  const res = await call(app, "POST", `${API}/annotation_queues/query`, {
    body: { project_id: PROJECT },
    headers: bearer(),
  });
  return res.text
    .split("\n")
    .filter(Boolean)
    .map((line) => AnnotationQueue.parse(JSON.parse(line)).id);
};
const reasonOf = (res: { json: unknown }) => String((res.json as { reason?: string }).reason);
const locsOf = (res: { json: unknown }) =>
  (res.json as { detail: { loc: unknown[] }[] }).detail.map((entry) => entry.loc);

describe("updating a queue (PUT /annotation_queues/{id})", () => {
  it("replaces the fields given, keeps the others, trims the name and moves updated_at", async () => {
    const { app } = createTestApp();
    const tone = await spec(app, "tone");
    const resolution = await spec(app, "resolution");
    const id = await newQueue(app, { description: "Be kind.", scorer_refs: [tone] });
    const before = ReadQueueResponse.parse((await read(app, id)).json).queue;

    const renamed = await update(app, id, { name: "  Tone, second pass  " });
    expect(renamed.status).toBe(200);
    const after = UpdateQueueResponse.parse(renamed.json).queue;
    expect(after).toMatchObject({
      id,
      name: "Tone, second pass",
      description: "Be kind.",
      scorer_refs: [tone],
      created_at: before.created_at,
      deleted_at: null,
    });
    expect(Date.parse(after.updated_at as string)).toBeGreaterThan(Date.parse(before.updated_at as string));

    const reordered = UpdateQueueResponse.parse(
      (await update(app, id, { description: "", scorer_refs: [resolution, tone] })).json,
    ).queue;
    expect(reordered).toMatchObject({ name: "Tone, second pass", description: "", scorer_refs: [resolution, tone] });
    expect(ReadQueueResponse.parse((await read(app, id)).json).queue).toEqual(reordered);
    const cleared = UpdateQueueResponse.parse((await update(app, id, { scorer_refs: [] })).json).queue;
    expect(cleared.scorer_refs).toEqual([]);
  });

  it("answers the queue unchanged when no field is given (nulls count as not given)", async () => {
    const { app } = createTestApp();
    const id = await newQueue(app);
    const before = ReadQueueResponse.parse((await read(app, id)).json).queue;
    for (const body of [{}, { name: null, description: null, scorer_refs: null }]) {
      const res = await update(app, id, body);
      expect(res.status).toBe(200);
      expect(UpdateQueueResponse.parse(res.json).queue).toEqual(before);
    }
  });

  it("refuses bad fields with a 422 naming each one, and changes nothing", async () => {
    const { app } = createTestApp();
    const id = await newQueue(app);
    const before = ReadQueueResponse.parse((await read(app, id)).json).queue;
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ name: "   " }, ["body", "name"]],
      [{ name: "n".repeat(201) }, ["body", "name"]],
      [{ description: "d".repeat(5001) }, ["body", "description"]],
      [{ scorer_refs: Array(101).fill("weave:///demo/support-bot/object/tone:abc") }, ["body", "scorer_refs"]],
      [{ scorer_refs: ["r".repeat(1025)] }, ["body", "scorer_refs", 0]],
      [{ color: "blue" }, ["body", "color"]],
      [{ project_id: "no-slash" }, ["body", "project_id"]],
    ];
    for (const [body, loc] of cases) {
      const res = await update(app, id, body);
      expect({ body: Object.keys(body), status: res.status, locs: locsOf(res) }).toEqual({
        body: Object.keys(body),
        status: 422,
        locs: [loc],
      });
    }
    expect(ReadQueueResponse.parse((await read(app, id)).json).queue).toEqual(before);
  });

  it("takes only AnnotationSpec versions of the queue's own project as questions, on create and on update", async () => {
    const { app } = createTestApp();
    const tone = await spec(app, "tone");
    const foreign = await spec(app, "accuracy", "acme/claims", ACME_KEY);
    const plain = await call(app, "POST", `${API}/obj/create`, {
      body: { obj: { project_id: PROJECT, object_id: "prompt", val: { text: "hi" } } },
      headers: bearer(),
    });
    const notASpec = `weave:///${PROJECT}/object/prompt:${ObjCreateResponse.parse(plain.json).digest}`;
    const id = await newQueue(app);
    const create = (scorerRefs: string[]) =>
      call(app, "POST", `${API}/annotation_queues`, {
        body: { project_id: PROJECT, name: "Q", scorer_refs: scorerRefs },
        headers: bearer(),
      });

    // The form of each ref, then (for well-formed refs, as a model validator runs after the fields) its
    // project and repeats: the contract's 422, one entry per bad ref.
    const malformed = [
      tone,
      "not a ref",
      `weave:///${PROJECT}/op/classify:abc`,
      `weave:///${PROJECT}/object/tone:latest`,
    ];
    const misplaced = [tone, foreign, tone];
    for (const send of [(refs: string[]) => update(app, id, { scorer_refs: refs }), create]) {
      const badForm = await send(malformed);
      expect(badForm.status).toBe(422);
      expect(locsOf(badForm)).toEqual([1, 2, 3].map((i) => ["body", "scorer_refs", i]));
      const badPlace = await send(misplaced);
      expect(badPlace.status).toBe(422);
      expect(locsOf(badPlace)).toEqual([1, 2].map((i) => ["body", "scorer_refs", i]));
      expect((badPlace.json as { detail: { msg: string }[] }).detail.map((d) => d.msg)).toEqual([
        "must be an AnnotationSpec of project 'demo/support-bot'",
        "is listed twice",
      ]);
      // Two versions of one spec: one question asked twice, sharing its answers (our choice; upstream takes it).
      const twoVersions = await send([tone, `weave:///${PROJECT}/object/tone:someotherdigest`]);
      expect(twoVersions.status).toBe(422);
      expect(locsOf(twoVersions)).toEqual([["body", "scorer_refs", 1]]);
      expect((twoVersions.json as { detail: { msg: string }[] }).detail[0]?.msg).toMatch(
        /^is another version of the spec 'tone'/,
      );
    }
    // What a well-formed ref points at: a 400 naming each bad one.
    const unresolved = [tone, `weave:///${PROJECT}/object/no_such_spec:unknowndigest`, notASpec];
    for (const res of [await update(app, id, { scorer_refs: unresolved }), await create(unresolved)]) {
      expect(res.status).toBe(400);
      expect(reasonOf(res)).toBe(
        "scorer_refs[1] names no object version of this project; scorer_refs[2] is not an AnnotationSpec (project 'demo/support-bot').",
      );
    }
    expect(await listIds(app)).toEqual([id]);
    expect(ReadQueueResponse.parse((await read(app, id)).json).queue.scorer_refs).toEqual([]);
  });

  it("answers 404 for an unknown queue and for one of another project", async () => {
    const { app } = createTestApp();
    const id = await newQueue(app);
    const unknown = await update(app, "nope", { name: "x" });
    expect(unknown.status).toBe(404);
    expect(reasonOf(unknown)).toMatch(/'nope' not found or already deleted/);
    const elsewhere = await update(app, id, { project_id: "demo/other", name: "x" });
    expect(elsewhere.status).toBe(404);
  });
});

describe("deleting a queue (DELETE /annotation_queues/{id})", () => {
  it("soft-deletes: gone from the list, the stats and reads; items, progress and feedback stay stored", async () => {
    const { app, db } = createTestApp();
    const tone = await spec(app, "tone");
    const queue = makeQueue(db, { n: 5 });
    const kept = await newQueue(app);
    const items = ItemsQueryResponse.parse(
      (
        await call(app, "POST", `${API}/annotation_queues/${queue.id}/items/query`, {
          body: { project_id: PROJECT },
          headers: bearer(),
        })
      ).json,
    ).items;
    const first = items[0] as (typeof items)[number];
    const feedback = {
      project_id: PROJECT,
      weave_ref: `weave:///${PROJECT}/call/${first.call_id}`,
      feedback_type: "wandb.annotation.tone",
      annotation_ref: tone,
      payload: { value: 4 },
    };
    expect((await call(app, "POST", `${API}/feedback/create`, { body: feedback, headers: bearer() })).status).toBe(200);

    const res = await remove(app, queue.id);
    expect(res.status).toBe(200);
    const deleted = DeleteQueueResponse.parse(res.json).queue;
    expect(deleted).toMatchObject({ id: queue.id, name: "Fixture queue" });
    expect(deleted.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(await listIds(app)).toEqual([kept]);
    const stats = await call(app, "POST", `${API}/annotation_queues/stats`, {
      body: { project_id: PROJECT, queue_ids: [queue.id] },
      headers: bearer(),
    });
    expect(QueueStatsResponse.parse(stats.json).stats).toEqual([
      { queue_id: queue.id, total_items: 0, completed_items: 0 },
    ]);
    const gone = await read(app, queue.id);
    expect(gone.status).toBe(404);
    expect(reasonOf(gone)).toContain("not found or already deleted");
    expect((await update(app, queue.id, { name: "again" })).status).toBe(404);
    expect((await remove(app, queue.id)).status).toBe(404);
    // Our choice (upstream still answers them): a deleted queue's items are not offered for work.
    const after = await call(app, "POST", `${API}/annotation_queues/${queue.id}/items/query`, {
      body: { project_id: PROJECT, filter: { id: first.id } },
      headers: bearer(),
    });
    expect(after.json).toEqual({ items: [] });
    const progress = await call(app, "POST", `${API}/annotation_queues/${queue.id}/items/${first.id}/progress`, {
      body: { project_id: PROJECT, annotation_state: "completed" },
      headers: bearer(),
    });
    expect(progress.status).toBe(404);
    const add = await call(app, "POST", `${API}/annotation_queues/${queue.id}/items`, {
      body: { project_id: PROJECT, call_ids: [first.call_id] },
      headers: bearer(),
    });
    expect(add.status).toBe(404);

    const stored = db
      .prepare("SELECT COUNT(*) FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL")
      .pluck()
      .get(queue.seq);
    expect(stored).toBe(5);
    const answers = await call(app, "POST", `${API}/feedback/query`, {
      body: { project_id: PROJECT },
      headers: bearer(),
    });
    expect(FeedbackQueryResponse.parse(answers.json).result.map((row) => row.payload)).toEqual([{ value: 4 }]);
  });

  it("frees the queue's place under the per-project limit and lets a new queue take its name", async () => {
    const { app } = createTestApp();
    const id = await newQueue(app, { name: "Same name" });
    expect((await remove(app, id)).status).toBe(200);
    const again = await newQueue(app, { name: "Same name" });
    expect(again).not.toBe(id);
    expect(await listIds(app)).toEqual([again]);
  });

  it("needs project_id in the query string (422) and answers 404 for an unknown queue", async () => {
    const { app } = createTestApp();
    const id = await newQueue(app);
    const missing = await call(app, "DELETE", `${API}/annotation_queues/${id}`, { headers: bearer() });
    expect(missing.status).toBe(422);
    expect(locsOf(missing)).toEqual([["query", "project_id"]]);
    expect((await remove(app, "nope")).status).toBe(404);
    expect((await remove(app, id, undefined, "demo/other")).status).toBe(404);
    expect(await listIds(app)).toEqual([id]);
  });
});

describe("managing queues across entities", () => {
  it("refuses the acme key on demo's queues (403) and leaves them as they were", async () => {
    const { app } = createTestApp();
    const id = await newQueue(app);
    const before = ReadQueueResponse.parse((await read(app, id)).json).queue;
    const put = await update(app, id, { name: "taken over" }, ACME_KEY);
    expect(put.status).toBe(403);
    const del = await remove(app, id, ACME_KEY);
    expect(del.status).toBe(403);
    expect(reasonOf(del)).toContain("'demo'");
    expect(ReadQueueResponse.parse((await read(app, id)).json).queue).toEqual(before);
  });
});
