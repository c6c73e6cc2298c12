import type { Database } from "better-sqlite3";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../db/database";
import { openTestDatabase } from "../testing/test-database";
import { call, bearer } from "../testing/test-app";
import { createJobRunner, stallThresholdMs } from "./job-runner";
import { TRAINING, allEvents, createModel, createRlJob, createServicesForTest, group, runToEnd } from "./test-support";

const tempDirs: string[] = [];
function tempDbFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "training-runner-"));
  tempDirs.push(dir);
  return join(dir, "db.sqlite");
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every invariant a crash must not break: each step once, each with its checkpoint, progress = steps written. */
function expectConsistent(db: Database, jobId: string) {
  const steps = db
    .prepare<[string], { step: number }>(
      "SELECT json_extract(data, '$.step') AS step FROM training_events WHERE job_id = ? AND type = 'gradient_step' ORDER BY seq",
    )
    .all(jobId)
    .map((r) => r.step);
  const checkpoints = db
    .prepare<[string], { step: number }>("SELECT step FROM training_checkpoints WHERE job_id = ? ORDER BY step")
    .all(jobId)
    .map((r) => r.step);
  const job = db
    .prepare<[string], { steps_done: number; first_step: number | null }>(
      "SELECT steps_done, first_step FROM training_jobs WHERE id = ?",
    )
    .get(jobId)!;
  expect(checkpoints).toEqual(steps);
  expect(new Set(steps).size).toBe(steps.length);
  expect(steps).toEqual(Array.from({ length: job.steps_done }, (_, i) => (job.first_step ?? 1) + i));
  return steps;
}

describe("job runner", () => {
  it("resumes a half-done job after a restart without repeating a step", async () => {
    const file = tempDbFile();
    const first = createServicesForTest({ file });
    const model = await createModel(first.app);
    const jobId = await createRlJob(
      first.app,
      model.id,
      Array.from({ length: 6 }, (_, i) => group([i / 6])),
    );
    for (let i = 0; i < 4; i += 1) await first.runner.tick(); // started + 3 steps
    first.runner.start();
    await first.runner.stop();
    first.db.close();

    const second = createServicesForTest({ file });
    second.runner.start();
    await runToEnd(second.runner, second.db);
    await second.runner.stop();
    const events = await allEvents(second.app, jobId);
    expect(events.map((e) => e.type)).toEqual([
      "training_started",
      ...Array<string>(6).fill("gradient_step"),
      "training_ended",
    ]);
    expect(expectConsistent(second.db, jobId)).toEqual([1, 2, 3, 4, 5, 6]);
    // The resumed steps' rewards are still those of their own groups.
    expect(events.filter((e) => e.type === "gradient_step").map((e) => e.data.reward)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => i / 6),
    );
    second.db.close();
  });

  it("two runners over one database never write a step twice", async () => {
    const file = tempDbFile();
    const a = createServicesForTest({ file });
    const model = await createModel(a.app);
    const jobId = await createRlJob(
      a.app,
      model.id,
      Array.from({ length: 5 }, () => group([1])),
    );
    const db2 = openDatabase(file);
    const b = createJobRunner(db2, { stepMs: 0 });
    for (let i = 0; i < 8; i += 1) {
      await a.runner.tick();
      await b.tick();
    }
    expect(expectConsistent(a.db, jobId)).toEqual([1, 2, 3, 4, 5]);
    db2.close();
    a.db.close();
  });

  it("advances jobs on its own timer when stepMs > 0, and stops", async () => {
    const { app, db, runner } = createServicesForTest({ runner: { stepMs: 5 } });
    const model = await createModel(app);
    const jobId = await createRlJob(app, model.id, [group([1]), group([0])]);
    runner.start();
    await vi.waitFor(async () => expect((await allEvents(app, jobId)).at(-1)?.type).toBe("training_ended"), {
      timeout: 5000,
      interval: 10,
    });
    await runner.stop();
    const job = await createRlJob(app, model.id, [group([1])]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await allEvents(app, job)).toEqual([]); // stopped: nothing advances
    db.close();
  });

  it("fails a job that hits an unexpected error instead of leaving it hanging", async () => {
    const { app, db, runner } = createServicesForTest();
    const model = await createModel(app);
    const jobId = await createRlJob(app, model.id, [group([1]), group([1])]);
    await runner.tick();
    db.prepare("UPDATE training_job_items SET payload = 'not json' WHERE job_id = ? AND idx = 0").run(jobId);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await runner.tick();
    errors.mockRestore();
    const events = await allEvents(app, jobId);
    expect(events.map((e) => e.type)).toEqual(["training_started", "training_failed"]);
    expect(events[1]?.data.error_message).toMatch(/^Internal error while training: /);
    await expect(runToEnd(runner, db)).resolves.toBe(0);
  });

  it("reports its health: not started, ok, stalled, stopped", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const db = openTestDatabase();
      const runner = createJobRunner(db, { stepMs: 1000 });
      expect(runner.health()).toBe("Job runner not started");
      runner.start();
      expect(runner.health()).toBe("ok");
      // The timer is real (only Date is faked): jumping the clock past the threshold looks like a stall.
      vi.setSystemTime(Date.now() + stallThresholdMs(1000) + 1000);
      expect(runner.health()).toMatch(/^Job runner stalled: no step processed for \d+ s$/);
      await runner.stop();
      expect(runner.health()).toBe("Job runner stopped");
    } finally {
      vi.useRealTimers();
    }
  });

  it(
    "survives SIGKILL mid-job: every written step has its checkpoint, and a new runner finishes the job",
    { timeout: 30_000 },
    async () => {
      const file = tempDbFile();
      const setup = createServicesForTest({ file });
      const model = await createModel(setup.app);
      const jobId = await createRlJob(
        setup.app,
        model.id,
        Array.from({ length: 400 }, (_, i) => group([i % 2])),
      );

      const child = spawn(
        process.execPath,
        ["--import", "tsx", join(import.meta.dirname, "testing/runner-process.ts"), file, "1"],
        { stdio: "ignore" },
      );
      const exited = new Promise((resolve) => child.once("exit", resolve));
      const stepsWritten = () =>
        setup.db.prepare<[string], { n: number }>("SELECT steps_done AS n FROM training_jobs WHERE id = ?").get(jobId)!
          .n;
      try {
        await vi.waitFor(() => expect(stepsWritten()).toBeGreaterThan(20), { timeout: 20_000, interval: 20 });
      } finally {
        child.kill("SIGKILL");
        await exited;
      }

      const atKill = expectConsistent(setup.db, jobId);
      expect(atKill.length).toBeGreaterThan(20);
      expect(atKill.length).toBeLessThan(400);
      setup.db.close();

      const resumed = createServicesForTest({ file });
      resumed.runner.start();
      await runToEnd(resumed.runner, resumed.db, 1000);
      expect(expectConsistent(resumed.db, jobId)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
      const types = (await allEvents(resumed.app, jobId)).map((e) => e.type);
      expect(types.filter((t) => t === "training_started")).toHaveLength(1);
      expect(types.at(-1)).toBe("training_ended");
      const res = await call(
        resumed.app,
        "GET",
        `${TRAINING}/preview/models/${model.id}/checkpoints?order=desc&limit=1`,
        { headers: bearer() },
      );
      expect(res.json.data[0].step).toBe(400);
      await resumed.runner.stop();
      resumed.db.close();
    },
  );
});
