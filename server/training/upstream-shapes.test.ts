import { describe, expect, it } from "vitest";
import { bearer, call, createTestApp } from "../testing/test-app";
import { TRAINING, allEvents, createModel, createServicesForTest, group, runToEnd } from "./test-support";

// The training service as its real clients see it: OpenPipe/ART's serverless client
// (src/art/serverless/client.py) and the W&B Training OpenAPI reference pages, as recorded in
// docs/contract-decisions.md#training and #training-health.

describe("GET /system-check and /health need no key (W&B Training OpenAPI: System Check, Health Check)", () => {
  it("answers api: true and one {success, duration, error} object per check, without a key", async () => {
    const { app, runner } = createTestApp();
    runner.start();
    const res = await call(app, "GET", `${TRAINING}/system-check`);
    expect(res.status).toBe(200);
    const check = { success: true, duration: expect.any(Number), error: null };
    expect(res.json).toEqual({ api: true, database: check, cpu_queue: check, gpu_queue: check });
    expect((await call(app, "GET", `${TRAINING}/health`)).status).toBe(200);
    await runner.stop();
  });

  it("is 503 when a queue check fails, the failing check saying why", async () => {
    const { app } = createServicesForTest();
    const res = await call(app, "GET", `${TRAINING}/system-check`);
    expect(res.status).toBe(503);
    expect(res.json.api).toBe(true);
    expect(res.json.gpu_queue).toEqual({
      success: false,
      duration: expect.any(Number),
      error: "Job runner not started",
    });
    expect(res.json.database.success).toBe(true);
  });

  it("reports a forced api failure as api: false", async () => {
    const { app, runner } = createServicesForTest({ simulateCheckFailure: "api" });
    runner.start();
    const res = await call(app, "GET", `${TRAINING}/system-check`);
    expect(res.status).toBe(503);
    expect(res.json.api).toBe(false);
    await runner.stop();
  });
});

describe("what ART sends (OpenPipe/ART src/art/serverless/client.py)", () => {
  it("POST /preview/models/{id}/log takes model_id in the body and answers {}", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const res = await call(app, "POST", `${TRAINING}/preview/models/${model.id}/log`, {
      body: { model_id: model.id, split: "train", trajectory_groups: [group([1, 0])] },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_logs WHERE model_id = ?").get(model.id)).toEqual({ n: 1 });
  });

  it("trajectory metrics may be booleans (a boolean metric logs as the share of true)", async () => {
    const { app, db, runner } = createTestApp();
    const model = await createModel(app);
    const groups = [group([1, 0])];
    groups[0]!.trajectories[0]!.metrics = { correct: true, turns: 3 } as never;
    groups[0]!.trajectories[1]!.metrics = { correct: false, turns: 5 } as never;
    const log = await call(app, "POST", `${TRAINING}/preview/models/${model.id}/log`, {
      body: { trajectory_groups: groups },
      headers: bearer(),
    });
    expect(log.status).toBe(200);
    const stored = db.prepare("SELECT metrics FROM training_logs WHERE model_id = ?").get(model.id) as {
      metrics: string;
    };
    expect(JSON.parse(stored.metrics)).toMatchObject({ correct: 0.5, turns: 4 });
    const job = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      body: { model_id: model.id, trajectory_groups: groups },
      headers: bearer(),
    });
    expect(job.status).toBe(200);
    await runToEnd(runner, db);
    expect((await allEvents(app, job.json.id)).at(-1)?.type).toBe("training_ended");
  });

  it("a trajectory without a reward is a 422 at creation, not a job that fails later", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const bad = { trajectories: [{ messages_and_choices: [{ role: "user", content: "hi" }] }] };
    const res = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      body: { model_id: model.id, trajectory_groups: [group([1]), bad] },
      headers: bearer(),
    });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual([
      "body",
      "trajectory_groups",
      1,
      "trajectories",
      0,
      "reward",
    ]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_jobs").get()).toEqual({ n: 0 });
  });

  it("request models forbid no extra keys: unknown fields are ignored, SFT config.metric_logging is taken", async () => {
    const { app } = createTestApp();
    const model = await createModel(app, { name: "extra", future_flag: true });
    const ok = async (method: string, path: string, body: unknown) => {
      const res = await call(app, method, `${TRAINING}${path}`, { body, headers: bearer() });
      expect({ path, status: res.status, body: res.status === 200 ? undefined : res.json }).toEqual({
        path,
        status: 200,
        body: undefined,
      });
    };
    await ok("POST", "/preview/training-jobs", {
      model_id: model.id,
      trajectory_groups: [{ ...group([1]), note: "x" }],
      priority: 1,
      experimental_config: { whatever: 1 },
    });
    await ok("POST", "/preview/sft-training-jobs", {
      model_id: model.id,
      training_data_url: "wandb-artifact:///demo/support-bot/d",
      config: { batch_size: 8, metric_logging: { wandb: true }, epochs: 2 },
      client: "art",
    });
    await ok("DELETE", `/preview/models/${model.id}/checkpoints`, { steps: [1], reason: "cleanup" });
    const listed = await call(app, "GET", `${TRAINING}/preview/models/${model.id}/checkpoints?limit=5&unknown=1`, {
      headers: bearer(),
    });
    expect(listed.status).toBe(200);
  });
});
