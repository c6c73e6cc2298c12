import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { TRAINING, createModel, group } from "./test-support";

const log = (app: ReturnType<typeof createTestApp>["app"], modelId: string, split: string, rewards: number[]) =>
  call(app, "POST", `${TRAINING}/preview/models/${modelId}/log`, {
    body: { split, trajectory_groups: [group(rewards)] },
    headers: bearer(),
  });

describe("GET /local/models/{id}/logs (local services only)", () => {
  it("lists a split's logged metrics at the model step they were logged at, oldest first, after a cursor", async () => {
    const { app, runner } = createTestApp();
    const model = await createModel(app);
    await log(app, model.id, "val", [0.2]);
    const job = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      body: { model_id: model.id, trajectory_groups: [group([1]), group([1])] },
      headers: bearer(),
    });
    expect(job.status).toBe(200);
    for (let i = 0; i < 3; i += 1) await runner.tick();
    await log(app, model.id, "val", [0.6, 0.8]);
    await log(app, model.id, "train", [1]);

    const res = await call(app, "GET", `${TRAINING}/local/models/${model.id}/logs?split=val`, { headers: bearer() });
    expect(res.status).toBe(200);
    const body = res.json as {
      data: { id: number; step: number; split: string; metrics: Record<string, number> }[];
      has_more: boolean;
    };
    expect(body.has_more).toBe(false);
    expect(body.data.map((entry) => [entry.split, entry.step])).toEqual([
      ["val", 0],
      ["val", 2],
    ]);
    expect(body.data[1]!.metrics.reward).toBeCloseTo(0.7, 12);

    const after = await call(
      app,
      "GET",
      `${TRAINING}/local/models/${model.id}/logs?split=val&after=${body.data[0]!.id}&limit=1`,
      { headers: bearer() },
    );
    expect((after.json as { data: unknown[] }).data).toHaveLength(1);
  });

  it("answers 404 for an unknown model and for another entity's, and names a bad limit", async () => {
    const { app } = createTestApp();
    const model = await createModel(app);
    expect((await call(app, "GET", `${TRAINING}/local/models/model_nope/logs`, { headers: bearer() })).status).toBe(
      404,
    );
    expect(
      (await call(app, "GET", `${TRAINING}/local/models/${model.id}/logs`, { headers: bearer(ACME_KEY) })).status,
    ).toBe(404);
    expect((await call(app, "GET", `${TRAINING}/local/models/${model.id}/logs`)).status).toBe(401);
    const bad = await call(app, "GET", `${TRAINING}/local/models/${model.id}/logs?limit=5000`, { headers: bearer() });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json)).toContain("limit");
  });
});
