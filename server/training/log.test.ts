import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { logGroups } from "./log-store";
import { TRAINING, createModel, group } from "./test-support";

describe("POST /preview/models/{id}/log", () => {
  it("stores the trajectories with metrics computed from them, and answers {} as the real service", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const groups = [group([1, 0]), group([0.5, 0.5, 0.25])];
    groups[0]!.trajectories[0]!.metrics = { correct: 1 };
    groups[1]!.trajectories[2]!.metrics = { correct: 0 };
    const res = await call(app, "POST", `${TRAINING}/preview/models/${model.id}/log`, {
      body: { split: "val", trajectory_groups: groups },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    const rewards = [1, 0, 0.5, 0.5, 0.25];
    const mean = rewards.reduce((a, b) => a + b) / rewards.length;
    const std = Math.sqrt(rewards.reduce((a, r) => a + (r - mean) ** 2, 0) / rewards.length);
    expect(res.json).toEqual({});
    const stored = db.prepare("SELECT id, split, metrics FROM training_logs WHERE model_id = ?").get(model.id) as {
      id: number;
      split: string;
      metrics: string;
    };
    const metrics = JSON.parse(stored.metrics) as Record<string, number>;
    expect(metrics).toMatchObject({ num_groups: 2, num_trajectories: 5, correct: 0.5 });
    expect(metrics.reward).toBeCloseTo(mean, 12);
    expect(metrics.reward_std_dev).toBeCloseTo(std, 12);
    expect(metrics.num_tokens).toBeGreaterThan(0);
    expect(stored.split).toBe("val");
    expect(logGroups(db, stored.id)).toEqual(groups);
  });

  it("defaults the split to val", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    await call(app, "POST", `${TRAINING}/preview/models/${model.id}/log`, {
      body: { trajectory_groups: [group([1])] },
      headers: bearer(),
    });
    expect(db.prepare("SELECT split FROM training_logs").get()).toEqual({ split: "val" });
  });

  it.each([
    [{ trajectory_groups: [] }, ["body", "trajectory_groups"]],
    [{ trajectory_groups: [{ trajectories: [] }] }, ["body", "trajectory_groups", 0, "trajectories"]],
    [
      { trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ role: "user", content: "x" }] }] }] },
      ["body", "trajectory_groups", 0, "trajectories", 0, "reward"],
    ],
    [
      { trajectory_groups: [{ trajectories: [{ messages_and_choices: [], reward: 1 }] }] },
      ["body", "trajectory_groups", 0, "trajectories", 0, "messages_and_choices"],
    ],
    [
      { trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ content: "x" }], reward: 1 }] }] },
      ["body", "trajectory_groups", 0, "trajectories", 0, "messages_and_choices", 0, "role"],
    ],
    [
      {
        trajectory_groups: [
          { trajectories: [{ messages_and_choices: [{ role: "user", content: "x" }], reward: "high" }] },
        ],
      },
      ["body", "trajectory_groups", 0, "trajectories", 0, "reward"],
    ],
  ])("answers %j with 422 at %j and stores nothing", async (body, loc) => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const res = await call(app, "POST", `${TRAINING}/preview/models/${model.id}/log`, { body, headers: bearer() });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_logs").get()).toEqual({ n: 0 });
  });

  it("is 404 for an unknown model and for another entity's", async () => {
    const { app } = createTestApp();
    const model = await createModel(app);
    const body = { trajectory_groups: [group([1])] };
    expect((await call(app, "POST", `${TRAINING}/preview/models/nope/log`, { body, headers: bearer() })).status).toBe(
      404,
    );
    expect(
      (await call(app, "POST", `${TRAINING}/preview/models/${model.id}/log`, { body, headers: bearer(ACME_KEY) }))
        .status,
    ).toBe(404);
  });
});
