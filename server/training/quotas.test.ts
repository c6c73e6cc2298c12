import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, call } from "../testing/test-app";
import { MAX_ACTIVE_JOBS_PER_ENTITY, TRAINING_CHAT_CONCURRENCY } from "./quotas";
import { TRAINING, createModel, createServicesForTest, group, runToEnd } from "./test-support";

// The training service limits chat streams and jobs, both counted per authenticated entity.

const JOBS = `${TRAINING}/preview/training-jobs`;

function openChat(app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, key?: string) {
  return app.request(`${TRAINING}/chat/completions`, {
    method: "POST",
    headers: { ...bearer(key), "Content-Type": "application/json" },
    body: JSON.stringify({
      model: "Qwen/Qwen2.5-7B-Instruct",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    }),
  });
}

describe("training quotas, per entity", () => {
  it(`at most ${TRAINING_CHAT_CONCURRENCY} chat requests at a time: 429 {detail} above, freed when a stream ends`, async () => {
    const { app } = createServicesForTest({ chatTokenDelayMs: 10_000 });
    const held = await Promise.all(Array.from({ length: TRAINING_CHAT_CONCURRENCY }, () => openChat(app)));
    expect(held.map((r) => r.status)).toEqual(held.map(() => 200));
    const over = await openChat(app);
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      detail: expect.stringContaining(`at most ${TRAINING_CHAT_CONCURRENCY} chat requests at a time`),
    });
    expect((await openChat(app, ACME_KEY)).status).toBe(200);
    await held[0]!.body!.cancel();
    const next = await openChat(app);
    expect(next.status).toBe(200);
    await Promise.all([next, ...held.slice(1)].map((r) => r.body?.cancel()));
  });

  it(`at most ${MAX_ACTIVE_JOBS_PER_ENTITY} queued or running jobs: 429 {detail} above, counted across models; finished jobs free their place`, async () => {
    const { app, runner, db } = createServicesForTest();
    const models = [await createModel(app, { name: "a" }), await createModel(app, { name: "b" })];
    const create = (modelId: string, key?: string) =>
      call(app, "POST", JOBS, { body: { model_id: modelId, trajectory_groups: [group([1])] }, headers: bearer(key) });
    for (let i = 0; i < MAX_ACTIVE_JOBS_PER_ENTITY; i += 1) expect((await create(models[i % 2]!.id)).status).toBe(200);
    const over = await create(models[0]!.id);
    expect(over.status).toBe(429);
    expect(over.json.detail).toContain(`at most ${MAX_ACTIVE_JOBS_PER_ENTITY} training jobs queued or running`);
    const sft = await call(app, "POST", `${TRAINING}/preview/sft-training-jobs`, {
      body: { model_id: models[1]!.id, training_data_url: "wandb-artifact:///demo/support-bot/d" },
      headers: bearer(),
    });
    expect(sft.status).toBe(429);
    // Another entity is not held up by demo's jobs.
    const acme = await createModel(app, { name: "c" }, ACME_KEY);
    expect((await create(acme.id, ACME_KEY)).status).toBe(200);
    await runToEnd(runner, db);
    expect((await create(models[0]!.id)).status).toBe(200);
  });
});
