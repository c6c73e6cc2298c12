import { describe, expect, it } from "vitest";
import { bearer, call, createTestApp } from "../testing/test-app";
import { MAX_GROUP_CHARS } from "./bulk-upload/prepare";
import { activeJobs, insertJobInSteps, removeUnfinishedUploads } from "./job-store";
import { TRAINING, createModel, group } from "./test-support";

// An upload's trajectory groups are stored in steps (one 32 MiB write would hold every other
// request). A job must not start, nor survive a restart, with only some of its groups stored.

/** Group texts of about `chars` each: each one fills a write step of its own. */
const bigGroupTexts = (count: number, chars: number) =>
  Array.from({ length: count }, (_, i) => JSON.stringify(group([i], "x".repeat(chars))));

describe("an RL job stored in steps", () => {
  it("is not started until its last group is stored", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const storing = insertJobInSteps(
      db,
      { id: "job-big", modelId: model.id, kind: "rl", config: {} },
      bigGroupTexts(3, 1024 * 1024),
      new Date(),
    );
    // The first step ran before insertJobInSteps returned; the other two wait for their turns.
    expect(db.prepare("SELECT num_items FROM training_jobs WHERE id = 'job-big'").get()).toEqual({ num_items: 3 });
    expect(activeJobs(db).map((job) => job.id)).not.toContain("job-big");
    await storing;
    expect(activeJobs(db).map((job) => job.id)).toContain("job-big");
  });

  it("is removed at the next start when the server stopped while storing it; stored jobs stay", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    await insertJobInSteps(
      db,
      { id: "job-whole", modelId: model.id, kind: "rl", config: {} },
      bigGroupTexts(2, 10),
      new Date(),
    );
    const cut = insertJobInSteps(
      db,
      { id: "job-cut", modelId: model.id, kind: "rl", config: {} },
      bigGroupTexts(3, 1024 * 1024),
      new Date(),
    );
    // What a stopped server leaves: the job and its first step, nothing after.
    expect(removeUnfinishedUploads(db)).toBe(1);
    expect(db.prepare("SELECT id FROM training_jobs ORDER BY id").all()).toEqual([{ id: "job-whole" }]);
    // (Here the "stopped" upload goes on, finds its job gone, and gives up.)
    await expect(cut).rejects.toThrow(/not found/);
  });

  it("answers 404 when its model is deleted between two steps, and leaves nothing behind", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const storing = insertJobInSteps(
      db,
      { id: "job-orphan", modelId: model.id, kind: "rl", config: {} },
      bigGroupTexts(3, 1024 * 1024),
      new Date(),
    );
    expect((await call(app, "DELETE", `${TRAINING}/preview/models/${model.id}`, { headers: bearer() })).status).toBe(
      200,
    );
    await expect(storing).rejects.toMatchObject({ status: 404, code: "model_not_found" });
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_job_items WHERE job_id = 'job-orphan'").get()).toEqual({
      n: 0,
    });
  });
});

describe("a trajectory group's size", () => {
  it(`is at most ${MAX_GROUP_CHARS} characters of JSON: a 422 names the group, and nothing is stored`, async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const groups = [group([1]), group([1, 0], "x".repeat(MAX_GROUP_CHARS)), group([0])];
    const res = await call(app, "POST", `${TRAINING}/preview/training-jobs`, {
      body: { model_id: model.id, trajectory_groups: groups },
      headers: bearer(),
    });
    expect(res.status).toBe(422);
    const [entry] = (res.json as { detail: { loc: unknown[]; msg: string }[] }).detail;
    expect(entry!.loc).toEqual(["body", "trajectory_groups", 1]);
    expect(entry!.msg).toContain(`at most ${MAX_GROUP_CHARS} characters`);
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_jobs WHERE model_id = ?").get(model.id)).toEqual({ n: 0 });
  });
});
