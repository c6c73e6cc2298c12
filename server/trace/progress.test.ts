import type { Database } from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ItemProgressResponse, type SettableState } from "../../contract/trace";
import { upsertUser } from "../auth/users";
import { ServiceError } from "../http/errors";
import { bearer, call, createTestApp } from "../testing/test-app";
import { addCallsToQueue, findItem, softDeleteItems } from "./items";
import { setProgress } from "./progress";
import { createQueue } from "./queues";
import type { QueueRow } from "./rows";
import { PROJECT, T0, makeCalls } from "./test-fixtures";

const API = "/api/trace";

/** A queue with `n` fresh (unstarted) items; returns it and the item ids. */
function queueWithItems(db: Database, n = 3): { queue: QueueRow; itemIds: string[] } {
  const queue = createQueue(db, {
    projectId: PROJECT,
    name: "Progress",
    description: "",
    scorerRefs: [],
    createdBy: "user-demo",
    now: T0,
  });
  const calls = makeCalls(db, n);
  addCallsToQueue(db, queue, { callIds: calls.map((c) => c.id), displayFields: [], addedBy: "user-demo", now: T0 });
  const itemIds = db
    .prepare("SELECT id FROM annotation_queue_items WHERE queue_seq = ? ORDER BY seq")
    .pluck()
    .all(queue.seq) as string[];
  return { queue, itemIds };
}

function statusOf(run: () => unknown): number {
  try {
    run();
    return 200;
  } catch (error) {
    if (error instanceof ServiceError) return error.status;
    throw error;
  }
}

describe("progress rules for the caller's own record", () => {
  // [earlier states set by this annotator, requested state, expected status]
  const table: [SettableState[], SettableState, 200 | 400][] = [
    [[], "in_progress", 200],
    [[], "completed", 200],
    [[], "skipped", 200],
    [["in_progress"], "in_progress", 200],
    [["in_progress"], "completed", 200],
    [["in_progress"], "skipped", 200],
    [["completed"], "completed", 200],
    [["completed"], "in_progress", 400],
    [["completed"], "skipped", 400],
    [["skipped"], "skipped", 200],
    [["skipped"], "in_progress", 400],
    [["skipped"], "completed", 400],
    [["in_progress", "completed"], "skipped", 400],
  ];

  it.each(table)("after %j, setting %s answers %i", (earlier, requested, expected) => {
    const { db } = createTestApp();
    const { queue, itemIds } = queueWithItems(db, 1);
    const itemId = itemIds[0] as string;
    earlier.forEach((state, i) => setProgress(db, queue, itemId, "user-demo", state, T0 + 1000 * (i + 1)));
    const before = findItem(db, queue.seq, itemId);
    const status = statusOf(() => setProgress(db, queue, itemId, "user-demo", requested, T0 + 60_000));
    expect(status).toBe(expected);
    // A refusal and a no-op both leave the item exactly as it was. An accepted change writes the
    // state and its writer but never the item's updated_at (upstream: make_annotator_progress_update_query
    // in annotation_queues_query_builder.py updates the progress record only).
    const unchanged = expected === 400 || earlier.at(-1) === requested;
    const changed = { ...before, annotation_state: requested, annotator_user_id: "user-demo" };
    expect(findItem(db, queue.seq, itemId)).toEqual(unchanged ? before : changed);
  });

  it("names the refused transition in the reason", () => {
    const { db } = createTestApp();
    const { queue, itemIds } = queueWithItems(db, 1);
    setProgress(db, queue, itemIds[0] as string, "user-demo", "skipped");
    expect(() => setProgress(db, queue, itemIds[0] as string, "user-demo", "completed")).toThrow(
      /from 'skipped' to 'completed'/,
    );
  });
});

describe("several annotators", () => {
  it("shows the most recent writer's state, while each annotator keeps their own rules", () => {
    const { db } = createTestApp();
    const { queue, itemIds } = queueWithItems(db, 1);
    const itemId = itemIds[0] as string;
    expect(findItem(db, queue.seq, itemId)).toMatchObject({ annotation_state: "unstarted", annotator_user_id: null });

    setProgress(db, queue, itemId, "user-maria", "completed", T0 + 1000);
    const createdAt = findItem(db, queue.seq, itemId)?.created_at;
    expect(findItem(db, queue.seq, itemId)).toMatchObject({
      annotation_state: "completed",
      annotator_user_id: "user-maria",
      updated_at: createdAt,
    });
    // Kenji has no record yet: in_progress is his to set, and he is now the latest writer.
    setProgress(db, queue, itemId, "user-kenji", "in_progress", T0 + 2000);
    expect(findItem(db, queue.seq, itemId)).toMatchObject({
      annotation_state: "in_progress",
      annotator_user_id: "user-kenji",
    });
    // Maria's own record is completed: she cannot go back to in_progress.
    expect(statusOf(() => setProgress(db, queue, itemId, "user-maria", "in_progress", T0 + 3000))).toBe(400);
    // Maria repeating completed is a no-op: Kenji stays the latest writer.
    setProgress(db, queue, itemId, "user-maria", "completed", T0 + 4000);
    expect(findItem(db, queue.seq, itemId)).toMatchObject({
      annotation_state: "in_progress",
      annotator_user_id: "user-kenji",
    });
    setProgress(db, queue, itemId, "user-kenji", "skipped", T0 + 5000);
    expect(findItem(db, queue.seq, itemId)).toMatchObject({
      annotation_state: "skipped",
      annotator_user_id: "user-kenji",
      updated_at: createdAt,
    });
    const records = db
      .prepare("SELECT annotator_user_id, annotation_state FROM annotation_item_progress ORDER BY annotator_user_id")
      .all();
    expect(records).toEqual([
      { annotator_user_id: "user-kenji", annotation_state: "skipped" },
      { annotator_user_id: "user-maria", annotation_state: "completed" },
    ]);
  });

  it("keeps the per-state counts in step with every change", () => {
    const { db } = createTestApp();
    const { queue, itemIds } = queueWithItems(db, 4);
    setProgress(db, queue, itemIds[0] as string, "user-maria", "completed");
    setProgress(db, queue, itemIds[1] as string, "user-maria", "in_progress");
    setProgress(db, queue, itemIds[1] as string, "user-kenji", "skipped");
    softDeleteItems(db, queue.seq, [itemIds[2] as string]);
    const counts = db
      .prepare(
        "SELECT annotation_state, SUM(n) AS n FROM annotation_queue_item_counts WHERE n > 0 GROUP BY 1 ORDER BY 1",
      )
      .all();
    const actual = db
      .prepare(
        "SELECT annotation_state, count(*) AS n FROM annotation_queue_items WHERE deleted_at IS NULL GROUP BY 1 ORDER BY 1",
      )
      .all();
    expect(counts).toEqual(actual);
    expect(actual).toEqual([
      { annotation_state: "completed", n: 1 },
      { annotation_state: "skipped", n: 1 },
      { annotation_state: "unstarted", n: 1 },
    ]);
  });
});

const path = (queueId: string, itemId: string) => `${API}/annotation_queues/${queueId}/items/${itemId}/progress`;

describe("POST /annotation_queues/{queue_id}/items/{item_id}/progress", () => {
  it("sets the caller's state and answers with the item", async () => {
    const { app, db } = createTestApp();
    const { queue, itemIds } = queueWithItems(db, 1);
    const res = await call(app, "POST", path(queue.id, itemIds[0] as string), {
      body: { project_id: PROJECT, annotation_state: "in_progress" },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    const { item } = ItemProgressResponse.parse(res.json);
    expect(item).toMatchObject({
      id: itemIds[0],
      queue_id: queue.id,
      annotation_state: "in_progress",
      annotator_user_id: "user-demo",
      position_in_queue: null,
    });
    expect(item.updated_at).toBe(item.created_at);

    const again = await call(app, "POST", path(queue.id, itemIds[0] as string), {
      body: { project_id: PROJECT, annotation_state: "in_progress" },
      headers: bearer(),
    });
    expect(again.json).toEqual(res.json);
  });

  it("answers 400 with a reason for a refused transition", async () => {
    const { app, db } = createTestApp();
    const { queue, itemIds } = queueWithItems(db, 1);
    await call(app, "POST", path(queue.id, itemIds[0] as string), {
      body: { project_id: PROJECT, annotation_state: "completed" },
      headers: bearer(),
    });
    const res = await call(app, "POST", path(queue.id, itemIds[0] as string), {
      body: { project_id: PROJECT, annotation_state: "in_progress" },
      headers: bearer(),
    });
    expect(res.status).toBe(400);
    expect(res.json.reason).toContain("from 'completed' to 'in_progress'");
  });

  it("answers 404 for an unknown queue, an unknown item and a deleted item", async () => {
    const { app, db } = createTestApp();
    const { queue, itemIds } = queueWithItems(db, 2);
    softDeleteItems(db, queue.seq, [itemIds[1] as string]);
    const body = { project_id: PROJECT, annotation_state: "completed" };
    expect((await call(app, "POST", path("nope", itemIds[0] as string), { body, headers: bearer() })).status).toBe(404);
    expect((await call(app, "POST", path(queue.id, "nope"), { body, headers: bearer() })).status).toBe(404);
    const deleted = await call(app, "POST", path(queue.id, itemIds[1] as string), { body, headers: bearer() });
    expect(deleted.status).toBe(404);
    expect(deleted.json.reason).toContain(itemIds[1]);
  });

  it("serialises simultaneous writers: each answer is true and the end state is allowed", async () => {
    const { app, db } = createTestApp();
    upsertUser(db, { id: "user-maria", username: "maria", entity: "demo", apiKey: "maria-test-key" });
    const { queue, itemIds } = queueWithItems(db, 2);
    const send = (key: string, itemId: string, state: SettableState) =>
      call(app, "POST", path(queue.id, itemId), {
        body: { project_id: PROJECT, annotation_state: state },
        headers: bearer(key),
      });

    // Two annotators at once on one item: both accepted, the later one is the item's state.
    const [demo, maria] = await Promise.all([
      send("local-demo-key", itemIds[0] as string, "completed"),
      send("maria-test-key", itemIds[0] as string, "skipped"),
    ]);
    expect([demo.status, maria.status]).toEqual([200, 200]);
    expect(demo.json.item).toMatchObject({ annotation_state: "completed", annotator_user_id: "user-demo" });
    expect(maria.json.item).toMatchObject({ annotation_state: "skipped", annotator_user_id: "user-maria" });
    const final = findItem(db, queue.seq, itemIds[0] as string);
    expect([demo.json.item.annotation_state, maria.json.item.annotation_state]).toContain(final?.annotation_state);

    // One annotator double-submitting two final states: exactly one wins, the other is refused.
    await send("local-demo-key", itemIds[1] as string, "in_progress");
    const answers = await Promise.all([
      send("local-demo-key", itemIds[1] as string, "completed"),
      send("local-demo-key", itemIds[1] as string, "skipped"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers.find((a) => a.status === 200)?.json.item.annotation_state;
    expect(findItem(db, queue.seq, itemIds[1] as string)?.annotation_state).toBe(winner);
  });
});
