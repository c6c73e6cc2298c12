import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { TRAINING, allEvents, createModel, createRlJob, group, runToEnd } from "./test-support";

const MODELS = `${TRAINING}/preview/models`;

describe("training service: authentication", () => {
  const endpoints: [string, string][] = [
    ["POST", "/preview/models"],
    ["DELETE", "/preview/models/m"],
    ["GET", "/preview/models/m/checkpoints"],
    ["DELETE", "/preview/models/m/checkpoints"],
    ["POST", "/preview/models/m/log"],
    ["POST", "/preview/training-jobs"],
    ["POST", "/preview/sft-training-jobs"],
    ["GET", "/preview/training-jobs/j"],
    ["GET", "/preview/training-jobs/j/events"],
    ["POST", "/chat/completions"],
    ["POST", "/chat/completions/"],
  ];

  it.each(endpoints)("%s %s without a key is 401 {detail}", async (method, path) => {
    const { app } = createTestApp();
    const res = await call(app, method, `${TRAINING}${path}`, method === "GET" ? {} : { body: {} });
    expect(res.status).toBe(401);
    expect(typeof res.json.detail).toBe("string");
  });

  it("rejects an unknown key with 401", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", `${MODELS}/m/checkpoints`, { headers: bearer("not-a-key") });
    expect(res.status).toBe(401);
    expect(res.json.detail).toMatch(/invalid api key/i);
  });
});

describe("POST /preview/models", () => {
  it("creates a model in the user's entity when entity is omitted", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", MODELS, {
      body: { project: "support-bot", name: "agent", base_model: "Qwen/Qwen2.5-7B-Instruct" },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^model_[0-9a-f]{16}$/),
      entity: "demo",
      project: "support-bot",
      name: "agent",
      base_model: "Qwen/Qwen2.5-7B-Instruct",
      run_id: expect.stringMatching(/^[a-z0-9]{8}$/),
    });
  });

  it("accepts the user's own entity and any base model string", async () => {
    const { app } = createTestApp();
    const model = await createModel(app, { entity: "demo", base_model: "someone/unheard-of-model" });
    expect(model.base_model).toBe("someone/unheard-of-model");
  });

  it("is 403 for another entity", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", MODELS, {
      body: { entity: "acme", project: "p", name: "n", base_model: "OpenPipe/Qwen3-14B-Instruct" },
      headers: bearer(),
    });
    expect(res.status).toBe(403);
    expect(res.json.detail).toContain("acme");
  });

  it("is 409 for a duplicate name, unless return_existing asks for the existing model", async () => {
    const { app } = createTestApp();
    const first = await createModel(app);
    const duplicate = await call(app, "POST", MODELS, {
      body: { project: "support-bot", name: "m1", base_model: "OpenPipe/Qwen3-14B-Instruct" },
      headers: bearer(),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.detail).toContain(first.id);
    const existing = await call(app, "POST", MODELS, {
      body: { project: "support-bot", name: "m1", base_model: "OpenPipe/Qwen3-14B-Instruct", return_existing: true },
      headers: bearer(),
    });
    expect(existing.status).toBe(200);
    expect(existing.json).toEqual(first);
  });

  it("allows the same name in another project or entity", async () => {
    const { app } = createTestApp();
    const a = await createModel(app);
    const b = await createModel(app, { project: "other" });
    const c = await createModel(app, {}, ACME_KEY);
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(c.entity).toBe("acme");
  });

  it.each([
    [{ name: "n", base_model: "b" }, ["body", "project"], "missing"],
    [{ project: "p", name: "", base_model: "b" }, ["body", "name"], "string_too_short"],
    [{ project: "p", name: "has space", base_model: "b" }, ["body", "name"], "string_pattern_mismatch"],
    [{ project: "p", name: "n", base_model: "b", return_existing: "yes" }, ["body", "return_existing"], "bool_type"],
  ])("answers %j with a 422 at %j", async (body, loc, type) => {
    const { app } = createTestApp();
    const res = await call(app, "POST", MODELS, { body, headers: bearer() });
    expect(res.status).toBe(422);
    expect(res.json.detail).toContainEqual(expect.objectContaining({ loc, type }));
  });

  it("answers malformed JSON with 422 json_invalid", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", MODELS, {
      rawBody: "{nope",
      headers: { ...bearer(), "Content-Type": "application/json" },
    });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].type).toBe("json_invalid");
  });
});

describe("DELETE /preview/models/{id}", () => {
  it("deletes the model with its checkpoints, jobs and events", async () => {
    const { app, db, runner } = createTestApp();
    const model = await createModel(app);
    const jobId = await createRlJob(app, model.id, [group([1]), group([0]), group([0.5])]);
    await runToEnd(runner, db);
    expect(await allEvents(app, jobId)).toHaveLength(5);

    const res = await call(app, "DELETE", `${MODELS}/${model.id}`, { headers: bearer() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ model_id: model.id, deleted_checkpoints: 3, deleted_run: true });

    expect((await call(app, "GET", `${MODELS}/${model.id}/checkpoints`, { headers: bearer() })).status).toBe(404);
    expect((await call(app, "GET", `${TRAINING}/preview/training-jobs/${jobId}`, { headers: bearer() })).status).toBe(
      404,
    );
    const leftovers = db
      .prepare(
        "SELECT (SELECT COUNT(*) FROM training_events) + (SELECT COUNT(*) FROM training_checkpoints) + (SELECT COUNT(*) FROM training_job_items) AS n",
      )
      .get() as { n: number };
    expect(leftovers.n).toBe(0);
    // The name is free again.
    await expect(createModel(app)).resolves.toMatchObject({ name: "m1" });
  });

  it("is 404 for an unknown model and for another entity's", async () => {
    const { app } = createTestApp();
    const model = await createModel(app);
    const unknown = await call(app, "DELETE", `${MODELS}/model_nope`, { headers: bearer() });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ detail: expect.stringContaining("model_nope") });
    const foreign = await call(app, "DELETE", `${MODELS}/${model.id}`, { headers: bearer(ACME_KEY) });
    expect(foreign.status).toBe(404);
    expect((await call(app, "DELETE", `${MODELS}/${model.id}`, { headers: bearer() })).status).toBe(200);
  });

  it("stops a job that was running on the deleted model", async () => {
    const { app, db, runner } = createTestApp();
    const model = await createModel(app);
    await createRlJob(app, model.id, [group([1]), group([0]), group([0.5])]);
    await runner.tick();
    await runner.tick();
    await call(app, "DELETE", `${MODELS}/${model.id}`, { headers: bearer() });
    await expect(runToEnd(runner, db)).resolves.toBe(0);
  });
});
