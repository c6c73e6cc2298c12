import { afterEach, assert, describe, expect, it, vi } from "vitest";
import { ACME_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { createModel, group, TRAINING } from "../test-support";
import { logGroups } from "../log-store";
import { prepareBulk } from "./prepare";
import { OFF_THREAD_BYTES } from "../../upload-worker/prepare-body";
import { uploadWorker } from "../../upload-worker/worker-client";
import { LARGE_UPLOADS_PER_ENTITY } from "./read";

// Bulk uploads of OFF_THREAD_BYTES or more are parsed, validated and serialised in a worker thread
// (on the event loop, 32 MiB would hold every other request). What a client sees must not change:
// the same job, the same log, the same 400s and 422s as the small bodies handled on the event loop.

/** `count` trajectory groups whose JSON is about `bytes` long in all. */
function groupsOf(bytes: number) {
  const content = "Where is my order? ".repeat(200);
  const one = group([1, 0.5], content);
  const count = Math.ceil(bytes / JSON.stringify(one).length);
  return Array.from({ length: count }, (_, i) => group([i % 3, 1], content));
}

describe("bulk uploads handled in the worker thread", () => {
  afterEach(() => vi.restoreAllMocks());

  it("creates an RL job from a body over the threshold, storing each group as sent", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const groups = groupsOf(OFF_THREAD_BYTES * 1.5);
    const viaWorker = vi.spyOn(uploadWorker(), "prepare");
    const res = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      body: { model_id: model.id, trajectory_groups: groups },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    expect(viaWorker).toHaveBeenCalledOnce();
    const stored = db
      .prepare<[string], { payload: string }>("SELECT payload FROM training_job_items WHERE job_id = ? ORDER BY idx")
      .all(res.json.id);
    expect(stored.map((row) => JSON.parse(row.payload))).toEqual(groups);
  });

  it("logs trajectories from a body over the threshold with the metrics the event loop would compute", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const groups = groupsOf(OFF_THREAD_BYTES * 1.2);
    const res = await call(app, "POST", `${TRAINING}/preview/models/${model.id}/log`, {
      body: { split: "train", trajectory_groups: groups },
      headers: bearer(),
    });
    expect({ status: res.status, body: res.json }).toEqual({ status: 200, body: {} });
    const row = db
      .prepare<[string], { id: number; metrics: string }>("SELECT id, metrics FROM training_logs WHERE model_id = ?")
      .get(model.id)!;
    expect(logGroups(db, row.id)).toEqual(groups);
    const onEventLoop = prepareBulk("log", { split: "train", trajectory_groups: groups });
    assert(onEventLoop.kind === "log");
    expect(JSON.parse(row.metrics)).toEqual(onEventLoop.metrics);
  });

  it("refuses a bad body over the threshold with the 422 a small one gets, nothing stored", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const groups: unknown[] = groupsOf(OFF_THREAD_BYTES * 1.2);
    groups[7] = { trajectories: [{ messages_and_choices: [{ role: "user", content: "no reward" }] }] };
    const big = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      body: { model_id: model.id, trajectory_groups: groups },
      headers: bearer(),
    });
    const small = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      body: { model_id: model.id, trajectory_groups: groups.slice(0, 8) },
      headers: bearer(),
    });
    expect(big.status).toBe(422);
    expect(big.json).toEqual(small.json);
    expect(big.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual([
      "body",
      "trajectory_groups",
      7,
      "trajectories",
      0,
      "reward",
    ]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_jobs").get()).toEqual({ n: 0 });
  });

  it("answers malformed JSON over the threshold with json_invalid at its position, and the model check still applies", async () => {
    const { app } = createTestApp();
    const model = await createModel(app);
    const text = JSON.stringify({ model_id: model.id, trajectory_groups: groupsOf(OFF_THREAD_BYTES * 1.1) });
    const broken = `${text.slice(0, -2)},}`;
    const res = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      rawBody: broken,
      headers: { ...bearer(), "Content-Type": "application/json" },
    });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ["body", expect.any(Number)], type: "json_invalid" });
    const unknownModel = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      rawBody: text.replace(model.id, "model_missing"),
      headers: { ...bearer(), "Content-Type": "application/json" },
    });
    expect(unknownModel.status).toBe(404);
  });

  it("takes at most LARGE_UPLOADS_PER_ENTITY large bodies at a time from one entity: the next is a 429, other entities go on", async () => {
    const { app } = createTestApp();
    const demoModel = await createModel(app);
    const acmeModel = await createModel(app, {}, ACME_KEY);
    // The worker holds every body until released, like uploads still being checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const real = uploadWorker().prepare.bind(uploadWorker());
    vi.spyOn(uploadWorker(), "prepare").mockImplementation(async (kind, bytes) => {
      await held;
      return real(kind, bytes);
    });
    const groups = groupsOf(OFF_THREAD_BYTES * 1.1);
    const upload = (modelId: string, key?: string) =>
      call(app, "POST", `${TRAINING}/preview/models/${modelId}/log`, {
        body: { split: "train", trajectory_groups: groups },
        headers: bearer(key),
      });
    const inFlight = Array.from({ length: LARGE_UPLOADS_PER_ENTITY }, () => upload(demoModel.id));
    await vi.waitFor(() => expect(uploadWorker().prepare).toHaveBeenCalledTimes(LARGE_UPLOADS_PER_ENTITY));
    const refused = await upload(demoModel.id);
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/at most 2 request bodies over 1 MiB at a time per entity/);
    const otherEntity = upload(acmeModel.id, ACME_KEY);
    release();
    expect((await Promise.all([...inFlight, otherEntity])).map((res) => res.status)).toEqual([200, 200, 200]);
    // The places are given back: the same entity may upload again.
    expect((await upload(demoModel.id)).status).toBe(200);
  });
});
