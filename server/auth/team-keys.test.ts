import { describe, expect, it } from "vitest";
import { VIEWER_QUERY } from "../../contract/wandb";
import { TRAINING_SEED, seedTrainingDemo } from "../seed/training-seed";
import { basic, bearer, call, createTestApp } from "../testing/test-app";
import { createQueue } from "../trace/queues";
import { addCallsToQueue } from "../trace/items";
import { PROJECT, T0, makeCalls } from "../trace/test-fixtures";
import { DEMO_USERS } from "./users";

const TEAM = [
  { id: "user-maria", username: "maria", key: "local-maria-key" },
  { id: "user-kenji", username: "kenji", key: "local-kenji-key" },
] as const;

/** The local services with one queue of `project` (two items) and the training demo. */
function teamApp(project = PROJECT) {
  const test = createTestApp();
  seedTrainingDemo(test.db);
  const queue = createQueue(test.db, {
    projectId: project,
    name: "Team",
    description: "",
    scorerRefs: [],
    createdBy: "user-demo",
    now: T0,
  });
  const calls = makeCalls(test.db, 2, { projectId: project });
  addCallsToQueue(test.db, queue, {
    callIds: calls.map((c) => c.id),
    displayFields: [],
    addedBy: "user-demo",
    now: T0,
  });
  const itemIds = test.db
    .prepare("SELECT id FROM annotation_queue_items WHERE queue_seq = ? ORDER BY seq")
    .pluck()
    .all(queue.seq) as string[];
  return { ...test, queueId: queue.id, itemIds, callIds: calls.map((c) => c.id) };
}

describe("the demo team's keys", () => {
  it("keeps the demo user's key as it is", () => {
    expect(DEMO_USERS[0]).toEqual({ id: "user-demo", username: "demo", entity: "demo", apiKey: "local-demo-key" });
  });

  it.each(TEAM)("the W&B API says who $key belongs to ($id, entity demo)", async ({ id, username, key }) => {
    const { app } = createTestApp();
    const res = await call(app, "POST", "/api/wandb/graphql", { body: { query: VIEWER_QUERY }, headers: basic(key) });
    expect(res.status).toBe(200);
    expect(res.json.data.viewer).toEqual({ id, username, entity: "demo", teams: { edges: [] } });
  });

  it.each(TEAM)("$key writes progress and answers as $id", async ({ id, key }) => {
    const { app, queueId, itemIds, callIds } = teamApp();
    const progress = await call(app, "POST", `/api/trace/annotation_queues/${queueId}/items/${itemIds[0]}/progress`, {
      body: { project_id: PROJECT, annotation_state: "in_progress" },
      headers: basic(key),
    });
    expect(progress.status).toBe(200);
    expect(progress.json.item).toMatchObject({ annotation_state: "in_progress", annotator_user_id: id });

    const note = await call(app, "POST", "/api/trace/feedback/create", {
      body: {
        project_id: PROJECT,
        weave_ref: `weave:///${PROJECT}/call/${callIds[0]}`,
        feedback_type: "wandb.note.1",
        payload: { note: "Looks fine" },
      },
      headers: basic(key),
    });
    expect(note.status).toBe(200);
    expect(note.json.wb_user_id).toBe(id);

    // The demo user reads what the annotator wrote: one entity, one project.
    const items = await call(app, "POST", `/api/trace/annotation_queues/${queueId}/items/query`, {
      body: { project_id: PROJECT },
      headers: basic(),
    });
    expect(items.json.items[0]).toMatchObject({ annotation_state: "in_progress", annotator_user_id: id });
  });

  it.each(TEAM)("$key reads the demo's training and inference services", async ({ key }) => {
    const { app } = teamApp();
    const job = await call(app, "GET", `/api/training/v1/preview/training-jobs/${TRAINING_SEED.jobs.supportRl}`, {
      headers: bearer(key),
    });
    expect(job.status).toBe(200);
    expect((await call(app, "GET", "/api/inference/v1/models", { headers: bearer(key) })).status).toBe(200);
  });

  it.each(TEAM)("$key gets nothing of another entity", async ({ key }) => {
    const { app, queueId, itemIds } = teamApp("acme/claims");
    const items = await call(app, "POST", `/api/trace/annotation_queues/${queueId}/items/query`, {
      body: { project_id: "acme/claims" },
      headers: basic(key),
    });
    expect(items.status).toBe(403);
    const progress = await call(app, "POST", `/api/trace/annotation_queues/${queueId}/items/${itemIds[0]}/progress`, {
      body: { project_id: "acme/claims", annotation_state: "completed" },
      headers: basic(key),
    });
    expect(progress.status).toBe(403);
    const job = await call(app, "GET", `/api/training/v1/preview/training-jobs/${TRAINING_SEED.jobs.acmeTriage}`, {
      headers: bearer(key),
    });
    expect([403, 404]).toContain(job.status);
    const projects = await call(app, "POST", "/api/wandb/graphql", {
      body: { query: '{ projects(entityName: "acme") { edges { node { name } } } }' },
      headers: basic(key),
    });
    expect(projects.json.errors[0].message).toContain("Permission denied");
  });
});
