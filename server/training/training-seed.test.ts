import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { resetTrainingData, seedTrainingDemo, TRAINING_SEED } from "../seed/training-seed";
import { seedUsers } from "../seed/users";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { supportTrajectoryGroups } from "./seed-data";
import { TRAINING, allEvents } from "./test-support";

const { models, jobs } = TRAINING_SEED;

function seeded() {
  const test = createTestApp();
  seedTrainingDemo(test.db);
  return test;
}

const dump = (db: ReturnType<typeof openDatabase>) => ({
  events: db.prepare("SELECT seq, job_id, type, data FROM training_events ORDER BY seq").all(),
  checkpoints: db.prepare("SELECT id, model_id, step, metrics FROM training_checkpoints ORDER BY id").all(),
  models: db.prepare("SELECT id, entity, project, name, base_model, run_id FROM training_models ORDER BY id").all(),
});

describe("seedTrainingDemo", () => {
  it("seeds a finished 24-step RL job whose rewards are those of its data", async () => {
    const { app } = seeded();
    const events = await allEvents(app, jobs.supportRl);
    expect(events.map((e) => e.type)).toEqual([
      "training_started",
      ...Array<string>(24).fill("gradient_step"),
      "training_ended",
    ]);
    expect(events[0]?.data.num_sequences).toBe(24);
    const groups = supportTrajectoryGroups(24, 4);
    events
      .filter((e) => e.type === "gradient_step")
      .forEach((event, i) => {
        const rewards = groups[i]!.trajectories.map((t) => t.reward);
        expect(event.data.reward).toBeCloseTo(rewards.reduce((a, b) => a + b) / rewards.length, 12);
      });
    const checkpoints = await call(app, "GET", `${TRAINING}/preview/models/${models.supportRl}/checkpoints?limit=100`, {
      headers: bearer(),
    });
    expect(checkpoints.json.data.map((c: { step: number }) => c.step)).toEqual(
      Array.from({ length: 24 }, (_, i) => i + 1),
    );
    expect(checkpoints.json.data[23].metrics.reward).toBe(events[24]?.data.reward);
  });

  it("seeds the failed jobs with their reasons, and the SFT job on the dataset artifact", async () => {
    const { app } = seeded();
    expect(await allEvents(app, jobs.supportRlMalformed)).toEqual([
      {
        id: expect.any(String),
        type: "training_failed",
        data: {
          error_message:
            "Trajectory group 2, trajectory 3 is malformed: reward: Field required (at trajectory_groups[1].trajectories[2].reward)",
        },
      },
    ]);
    const legacy = await allEvents(app, jobs.supportLegacy);
    expect(legacy[0]?.data.error_message).toContain("mistralai/Mistral-7B-Instruct-v0.3");
    const sft = await allEvents(app, jobs.supportSft);
    expect(sft.map((e) => e.type)).toEqual([
      "training_started",
      ...Array<string>(5).fill("gradient_step"),
      "training_ended",
    ]);
    expect(sft.filter((e) => e.type === "gradient_step").every((e) => e.data.num_examples === 8)).toBe(true);
  });

  it("keeps acme's model to acme", async () => {
    const { app } = seeded();
    const path = `${TRAINING}/preview/models/${models.acmeTriage}/checkpoints`;
    expect((await call(app, "GET", path, { headers: bearer() })).status).toBe(404);
    const res = await call(app, "GET", path, { headers: bearer(ACME_KEY) });
    expect(res.json.data).toHaveLength(8);
    expect(
      (await call(app, "GET", `${TRAINING}/preview/training-jobs/${jobs.acmeTriage}`, { headers: bearer(ACME_KEY) }))
        .json,
    ).toEqual({ id: jobs.acmeTriage });
  });

  it("lets the demo user chat with the seeded checkpoints", async () => {
    const { app } = seeded();
    const res = await call(app, "POST", `${TRAINING}/chat/completions`, {
      body: { model: "wandb-artifact:///demo/support-bot/support-rl", messages: [{ role: "user", content: "hi" }] },
      headers: bearer(),
    });
    expect(res.json.choices[0].message.content).toContain("support-rl:step24]");
  });

  it("is deterministic, a no-op when already seeded, and repeatable after a reset", () => {
    const a = openDatabase(":memory:");
    const b = openDatabase(":memory:");
    for (const db of [a, b]) seedUsers(db);
    seedTrainingDemo(a);
    seedTrainingDemo(b);
    const first = dump(a);
    expect(first.events.length).toBeGreaterThan(40);
    expect(dump(b)).toEqual(first);
    seedTrainingDemo(a);
    expect(dump(a)).toEqual(first);
    resetTrainingData(a);
    expect(dump(a)).toEqual({ events: [], checkpoints: [], models: [] });
    seedTrainingDemo(a);
    expect(dump(a)).toEqual(first);
  });
});
