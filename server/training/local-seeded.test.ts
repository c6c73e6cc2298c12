import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { TRAINING_SEED } from "../seed/training-seed";
import { seedTrainingDemo } from "../seed/training-seed";

const PATH = "/api/training/v1/local/seeded";

function seededApp() {
  const test = createTestApp();
  seedTrainingDemo(test.db);
  return test;
}

describe("the seeded training demo, for a new browser on the local services", () => {
  it("lists the caller's seeded models with their names and their jobs, and nothing of another entity", async () => {
    const { app } = seededApp();
    const demo = await call(app, "GET", PATH, { headers: bearer() });
    expect(demo.status).toBe(200);
    expect(demo.json.models.map((m: { name: string }) => m.name).sort()).toEqual([
      "support-legacy",
      "support-rl",
      "support-sft",
    ]);
    expect(demo.json.models[0]).toMatchObject({ entity: "demo", project: "support-bot" });
    expect(demo.json.jobs.map((j: { id: string }) => j.id).sort()).toEqual(
      [
        TRAINING_SEED.jobs.supportRl,
        TRAINING_SEED.jobs.supportRlMalformed,
        TRAINING_SEED.jobs.supportSft,
        TRAINING_SEED.jobs.supportLegacy,
      ].sort(),
    );
    expect(JSON.stringify(demo.json)).not.toContain("acme");
    // Each job says when the service made it, so the dashboard's list can date and order the demo.
    const created = Object.fromEntries(
      demo.json.jobs.map((j: { id: string; created_at: string }) => [j.id, Date.parse(j.created_at)]),
    );
    expect(created[TRAINING_SEED.jobs.supportRl]).toBeLessThan(created[TRAINING_SEED.jobs.supportRlMalformed]);

    const acme = await call(app, "GET", PATH, { headers: bearer(ACME_KEY) });
    expect(acme.json).toEqual({
      models: [
        {
          id: TRAINING_SEED.models.acmeTriage,
          entity: "acme",
          project: "claims-triage",
          name: "triage-rl",
          base_model: "meta-llama/Llama-3.1-8B-Instruct",
        },
      ],
      jobs: [
        {
          id: TRAINING_SEED.jobs.acmeTriage,
          model_id: TRAINING_SEED.models.acmeTriage,
          kind: "rl",
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
  });

  it("needs a key, and leaves out a seeded model (and its jobs) once deleted", async () => {
    const { app } = seededApp();
    expect((await call(app, "GET", PATH)).status).toBe(401);
    expect(
      (
        await call(app, "DELETE", `/api/training/v1/preview/models/${TRAINING_SEED.models.supportSft}`, {
          headers: bearer(),
        })
      ).status,
    ).toBe(200);
    const after = await call(app, "GET", PATH, { headers: bearer() });
    expect(after.json.models.map((m: { id: string }) => m.id)).not.toContain(TRAINING_SEED.models.supportSft);
    expect(after.json.jobs.map((j: { id: string }) => j.id)).not.toContain(TRAINING_SEED.jobs.supportSft);
  });
});
