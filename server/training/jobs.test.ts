import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { insertDataset } from "./dataset-store";
import { SIMULATED_RL_METRICS } from "./simulated-metrics";
import { TRAINING, allEvents, createModel, createRlJob, createServicesForTest, group, runToEnd } from "./test-support";

const JOBS = `${TRAINING}/preview/training-jobs`;
const example = (i: number) => ({
  messages: [
    { role: "user", content: `Question ${i}?` },
    { role: "assistant", content: `Answer ${i}.` },
  ],
});
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("RL training jobs", () => {
  it("runs queued -> training_started -> one gradient_step per group -> training_ended", async () => {
    const { app, runner } = createTestApp();
    const model = await createModel(app);
    const rewards = [
      [1, 0, 0.5],
      [0.2, 0.4],
      [0.9, 0.7, 0.8, 1],
    ];
    const jobId = await createRlJob(
      app,
      model.id,
      rewards.map((r) => group(r)),
      { experimental_config: { learning_rate: 3e-5 } },
    );
    expect(jobId).toMatch(/^job_[0-9a-f]{16}$/);
    expect(await allEvents(app, jobId)).toEqual([]); // queued

    await runner.tick();
    const [started] = await allEvents(app, jobId);
    expect(started).toMatchObject({
      type: "training_started",
      data: { num_sequences: 3, simulated_metrics: [...SIMULATED_RL_METRICS] },
    });

    for (let i = 0; i < 3; i += 1) await runner.tick();
    const events = await allEvents(app, jobId);
    expect(events.map((e) => e.type)).toEqual([
      "training_started",
      "gradient_step",
      "gradient_step",
      "gradient_step",
      "training_ended",
    ]);
    const steps = events.filter((e) => e.type === "gradient_step");
    steps.forEach((event, i) => {
      expect(event.data.step).toBe(i + 1);
      // Real bookkeeping: the figures are those of the data sent.
      expect(event.data.reward).toBeCloseTo(mean(rewards[i]!), 12);
      expect(event.data.num_trajectories).toBe(rewards[i]!.length);
      expect(event.data.learning_rate).toBe(3e-5);
      for (const name of SIMULATED_RL_METRICS) expect(typeof event.data[name]).toBe("number");
    });
    expect(steps[0]!.data.reward_std_dev).toBeCloseTo(Math.sqrt(((1 - 0.5) ** 2 + 0.5 ** 2 + 0) / 3), 12);

    const checkpoints = await call(app, "GET", `${TRAINING}/preview/models/${model.id}/checkpoints`, {
      headers: bearer(),
    });
    expect(checkpoints.json.data).toHaveLength(3);
    checkpoints.json.data.forEach((checkpoint: { step: number; metrics: Record<string, number> }, i: number) => {
      const { step, ...metrics } = steps[i]!.data;
      expect(checkpoint.step).toBe(step);
      expect(checkpoint.metrics).toEqual(metrics);
    });

    await runner.tick();
    expect(await allEvents(app, jobId)).toHaveLength(5); // nothing after the end
  });

  it("answers GET /training-jobs/{id} with the id only; 404 unknown and another entity's", async () => {
    const { app } = createTestApp();
    const model = await createModel(app);
    const jobId = await createRlJob(app, model.id, [group([1])]);
    const res = await call(app, "GET", `${JOBS}/${jobId}`, { headers: bearer() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: jobId });
    expect((await call(app, "GET", `${JOBS}/job_nope`, { headers: bearer() })).status).toBe(404);
    expect((await call(app, "GET", `${JOBS}/${jobId}`, { headers: bearer(ACME_KEY) })).status).toBe(404);
    expect((await call(app, "GET", `${JOBS}/${jobId}/events`, { headers: bearer(ACME_KEY) })).status).toBe(404);
  });

  it("continues the model's step numbering and runs one job per model at a time", async () => {
    const { app, runner, db } = createTestApp();
    const model = await createModel(app);
    const first = await createRlJob(app, model.id, [group([1]), group([1])]);
    const second = await createRlJob(app, model.id, [group([0]), group([0]), group([0])]);
    const other = await createRlJob(app, (await createModel(app, { name: "m2" })).id, [group([1])]);
    await runner.tick();
    expect(await allEvents(app, second)).toEqual([]); // waits for the first job on its model
    expect((await allEvents(app, other))[0]?.type).toBe("training_started"); // another model runs alongside
    await runToEnd(runner, db);
    const steps = (await allEvents(app, second)).filter((e) => e.type === "gradient_step").map((e) => e.data.step);
    expect(steps).toEqual([3, 4, 5]);
    expect((await allEvents(app, first)).at(-1)?.type).toBe("training_ended");
  });

  it("checks every trajectory at creation: a malformed message is a 422 naming it, and no job is queued", async () => {
    const { app, db } = createTestApp();
    const model = await createModel(app);
    const res = await call(app, "POST", JOBS, {
      body: {
        model_id: model.id,
        trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ content: "no role" }], reward: 1 }] }],
      },
      headers: bearer(),
    });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: unknown[] }) => d.loc.slice(0, 7))).toContainEqual([
      "body",
      "trajectory_groups",
      0,
      "trajectories",
      0,
      "messages_and_choices",
      0,
    ]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_jobs").get()).toEqual({ n: 0 });
  });

  it("still fails a stored job whose data does not read back as trajectories (data written before the check, e.g. the seed's)", async () => {
    const { app, runner, db } = createTestApp();
    const model = await createModel(app);
    const { createRlJob: queueJob } = await import("./job-create");
    queueJob(
      db,
      {
        id: "job_0000000000000bad",
        modelId: model.id,
        groups: [group([1]), { trajectories: [{ messages_and_choices: [{ role: "user", content: "hi" }] }] }],
      },
      new Date(),
    );
    await runner.tick();
    expect((await allEvents(app, "job_0000000000000bad"))[0]?.data.error_message).toBe(
      "Trajectory group 2, trajectory 1 is malformed: reward: Field required (at trajectory_groups[1].trajectories[0].reward)",
    );
  });

  it("fails a job on an unsupported base model", async () => {
    const { app, runner } = createTestApp();
    const model = await createModel(app, { base_model: "gpt2" });
    const jobId = await createRlJob(app, model.id, [group([1])]);
    await runner.tick();
    const [failed] = await allEvents(app, jobId);
    expect(failed?.type).toBe("training_failed");
    expect(failed?.data.error_message).toContain("Base model 'gpt2' is not supported");
    expect(failed?.data.error_message).toContain("OpenPipe/Qwen3-14B-Instruct");
  });

  it.each([
    [{ trajectory_groups: [group([1])] }, ["body", "model_id"]],
    [{ model_id: "m", trajectory_groups: [] }, ["body", "trajectory_groups"]],
    [{ model_id: "m", trajectory_groups: [{ trajectories: [] }] }, ["body", "trajectory_groups", 0, "trajectories"]],
    [
      { model_id: "m", trajectory_groups: [{ trajectories: ["x"] }] },
      ["body", "trajectory_groups", 0, "trajectories", 0],
    ],
    [
      { model_id: "m", trajectory_groups: [group([1])], experimental_config: { learning_rate: -1 } },
      ["body", "experimental_config", "learning_rate"],
    ],
    [
      {
        model_id: "m",
        trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ role: "user", content: "x" }] }] }],
      },
      ["body", "trajectory_groups", 0, "trajectories", 0, "reward"],
    ],
  ])("answers a bad envelope %j with 422 at %j", async (body, loc) => {
    const { app } = createTestApp();
    const res = await call(app, "POST", JOBS, { body, headers: bearer() });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
  });

  it("is 404 for an unknown model and for another entity's", async () => {
    const { app } = createTestApp();
    const model = await createModel(app);
    const unknown = await call(app, "POST", JOBS, {
      body: { model_id: "model_nope", trajectory_groups: [group([1])] },
      headers: bearer(),
    });
    expect(unknown.status).toBe(404);
    const foreign = await call(app, "POST", JOBS, {
      body: { model_id: model.id, trajectory_groups: [group([1])] },
      headers: bearer(ACME_KEY),
    });
    expect(foreign.status).toBe(404);
  });
});

describe("GET /preview/training-jobs/{id}/events", () => {
  it("returns only events after the cursor; re-asking with the same cursor is harmless", async () => {
    const { app, runner } = createTestApp();
    const model = await createModel(app);
    const jobId = await createRlJob(app, model.id, [group([1]), group([0]), group([1])]);
    const page = (query: string) => call(app, "GET", `${JOBS}/${jobId}/events${query}`, { headers: bearer() });

    await runner.tick();
    await runner.tick();
    const first = await page("");
    expect(first.json.data.map((e: { type: string }) => e.type)).toEqual(["training_started", "gradient_step"]);
    expect(first.json.has_more).toBe(false);
    const cursor = first.json.last_id as string;

    expect((await page(`?after=${cursor}`)).json).toEqual({
      object: "list",
      data: [],
      first_id: null,
      last_id: null,
      has_more: false,
    });
    await runner.tick();
    const newer = await page(`?after=${cursor}`);
    expect(newer.json.data).toHaveLength(1);
    expect(newer.json.data[0].data.step).toBe(2);
    expect((await page(`?after=${cursor}`)).json).toEqual(newer.json);
  });

  it("pages with limit and has_more, ids sorting in creation order", async () => {
    const { app, runner, db } = createTestApp();
    const model = await createModel(app);
    const jobId = await createRlJob(
      app,
      model.id,
      Array.from({ length: 5 }, () => group([1])),
    );
    await runToEnd(runner, db);
    const first = await call(app, "GET", `${JOBS}/${jobId}/events?limit=4`, { headers: bearer() });
    expect(first.json.data).toHaveLength(4);
    expect(first.json.has_more).toBe(true);
    const rest = await call(app, "GET", `${JOBS}/${jobId}/events?limit=4&after=${first.json.last_id}`, {
      headers: bearer(),
    });
    expect(rest.json.data.map((e: { type: string }) => e.type)).toEqual([
      "gradient_step",
      "gradient_step",
      "training_ended",
    ]);
    expect(rest.json.has_more).toBe(false);
    const ids = [...first.json.data, ...rest.json.data].map((e: { id: string }) => e.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it("answers a bad limit with 422 and an unknown cursor with 400", async () => {
    const { app, runner } = createTestApp();
    const model = await createModel(app);
    const jobId = await createRlJob(app, model.id, [group([1])]);
    await runner.tick();
    for (const query of ["?limit=0", "?limit=101", "?limit=x"]) {
      const res = await call(app, "GET", `${JOBS}/${jobId}/events${query}`, { headers: bearer() });
      expect(res.status).toBe(422);
      expect(res.json.detail[0].loc).toEqual(["query", "limit"]);
    }
    // Ids count per job ("event ids" below): a number past this job's events is no cursor.
    for (const after of ["garbage", "evt_999999999999", "evt_000000000099"]) {
      const res = await call(app, "GET", `${JOBS}/${jobId}/events?after=${after}`, { headers: bearer() });
      expect({ after, status: res.status }).toEqual({ after, status: 400 });
      expect(res.json.detail).toContain(after);
    }
  });
});

function withDataset(rows: number) {
  const test = createTestApp();
  insertDataset(
    test.db,
    { entity: "demo", project: "support-bot", name: "dialogs", version: "v1" },
    Array.from({ length: rows }, (_, i) => example(i)),
    new Date(),
  );
  insertDataset(
    test.db,
    { entity: "demo", project: "support-bot", name: "dialogs", version: "v2" },
    Array.from({ length: 3 }, (_, i) => example(i)),
    new Date(),
  );
  return test;
}

describe("SFT training jobs", () => {
  const SFT = `${TRAINING}/preview/sft-training-jobs`;

  async function createSft(app: ReturnType<typeof createTestApp>["app"], body: Record<string, unknown>) {
    const res = await call(app, "POST", SFT, { body, headers: bearer() });
    expect({ status: res.status, body: res.json }).toEqual({ status: 200, body: { id: expect.any(String) } });
    return res.json.id as string;
  }

  it("trains on a dataset artifact in batches: ceil(rows / batch_size) steps", async () => {
    const { app, runner, db } = withDataset(20);
    const model = await createModel(app);
    const jobId = await createSft(app, {
      model_id: model.id,
      training_data_url: "wandb-artifact:///demo/support-bot/dialogs:v1",
      config: { batch_size: 8, learning_rate: [1e-4, 5e-5] },
    });
    await runToEnd(runner, db);
    const events = await allEvents(app, jobId);
    expect(events[0]).toMatchObject({ type: "training_started", data: { num_sequences: 3 } });
    const steps = events.filter((e) => e.type === "gradient_step");
    expect(steps.map((e) => e.data.num_examples)).toEqual([8, 8, 4]);
    expect(steps.map((e) => e.data.learning_rate)).toEqual([1e-4, 5e-5, 5e-5]);
    expect(steps.every((e) => typeof e.data.loss === "number" && (e.data.num_tokens as number) > 0)).toBe(true);
    expect(events.at(-1)?.type).toBe("training_ended");
  });

  it("uses the latest version without a suffix and the auto batch size of 8", async () => {
    const { app, runner, db } = withDataset(20);
    const model = await createModel(app);
    const jobId = await createSft(app, {
      model_id: model.id,
      training_data_url: "wandb-artifact:///demo/support-bot/dialogs",
      config: { batch_size: "auto" },
    });
    await runToEnd(runner, db);
    const events = await allEvents(app, jobId);
    expect(events[0]?.data.num_sequences).toBe(1); // v2 has 3 rows
    expect(events[1]?.data.num_examples).toBe(3);
  });

  it("fails with a clear message when the artifact does not exist", async () => {
    const { app, runner } = withDataset(2);
    const model = await createModel(app);
    const jobId = await createSft(app, {
      model_id: model.id,
      training_data_url: "wandb-artifact:///demo/support-bot/dialogs:v9",
    });
    await runner.tick();
    const [failed] = await allEvents(app, jobId);
    expect(failed).toMatchObject({
      type: "training_failed",
      data: {
        error_message:
          "Training data not found: there is no dataset artifact wandb-artifact:///demo/support-bot/dialogs:v9 that this job's entity can read.",
      },
    });
  });

  it("never trains on another entity's dataset, and says so exactly as for a dataset that does not exist", async () => {
    const { app, runner, db } = withDataset(4);
    const acmeModel = await createModel(app, { entity: "acme", project: "claims", name: "acme-sft" }, ACME_KEY);
    const failure = async (url: string) => {
      const res = await call(app, "POST", SFT, {
        body: { model_id: acmeModel.id, training_data_url: url },
        headers: bearer(ACME_KEY),
      });
      expect(res.status).toBe(200);
      await runToEnd(runner, db);
      const events = await allEvents(app, res.json.id, ACME_KEY);
      expect(events.map((e) => e.type)).toEqual(["training_failed"]);
      // Only the address differs: nothing tells "not yours" from "not there".
      return String(events[0]?.data.error_message).replace(url, "<url>");
    };
    const demoOwn = await failure("wandb-artifact:///demo/support-bot/dialogs:v1");
    const madeUp = await failure("wandb-artifact:///demo/support-bot/no-such-dialogs:v1");
    expect(demoOwn).toBe(madeUp);
    expect(demoOwn).toBe(
      "Training data not found: there is no dataset artifact <url> that this job's entity can read.",
    );
  });

  it("fails cleanly, in neutral words, when an https URL may not be fetched (the real downloader, refusing loopback before connecting)", async () => {
    const { app, runner } = createTestApp();
    const model = await createModel(app);
    const jobId = await createSft(app, {
      model_id: model.id,
      training_data_url: "https://127.0.0.1:9/train.jsonl?token=secret",
    });
    await runner.tick();
    const [failed] = await allEvents(app, jobId);
    expect(failed?.type).toBe("training_failed");
    expect(failed?.data.error_message).toBe(
      "Could not fetch the training data from https://127.0.0.1:9/train.jsonl: the host did not answer with the file, or is not one the service may reach (public https hosts only).",
    );
  });

  it("trains on JSONL downloaded over https and names a malformed line's example", async () => {
    const files: Record<string, string> = {
      "https://files.test/good.jsonl": [example(0), example(1), example(2)].map((e) => JSON.stringify(e)).join("\n"),
      "https://files.test/bad.jsonl": `${JSON.stringify(example(0))}\n${JSON.stringify({ messages: [] })}\n`,
    };
    const { app, runner, db } = createServicesForTest({
      runner: {
        download: async (url) => {
          const { checkExamples } = await import("./sft-data");
          const text = files[url];
          return text === undefined
            ? { ok: false, error: "404" }
            : checkExamples(
                text
                  .split("\n")
                  .filter(Boolean)
                  .map((l) => JSON.parse(l)),
              );
        },
      },
    });
    const model = await createModel(app);
    const good = await createSft(app, {
      model_id: model.id,
      training_data_url: "https://files.test/good.jsonl",
      config: { batch_size: 2 },
    });
    await runToEnd(runner, db);
    expect((await allEvents(app, good)).map((e) => e.type)).toEqual([
      "training_started",
      "gradient_step",
      "gradient_step",
      "training_ended",
    ]);
    const bad = await createSft(app, { model_id: model.id, training_data_url: "https://files.test/bad.jsonl" });
    await runToEnd(runner, db);
    expect((await allEvents(app, bad))[0]?.data.error_message).toBe(
      "Training example 2 is malformed: messages: List should have at least 1 item(s)",
    );
  });

  it.each([
    [{ model_id: "m", training_data_url: "http://insecure/data.jsonl" }, ["body", "training_data_url"]],
    [{ model_id: "m", training_data_url: "s3://bucket/data" }, ["body", "training_data_url"]],
    [{ model_id: "m", training_data_url: "wandb-artifact:///only/two" }, ["body", "training_data_url"]],
    [{ model_id: "m", training_data_url: "https://x/y", config: { batch_size: 0 } }, ["body", "config", "batch_size"]],
  ])("answers %j with 422 at %j", async (body, loc) => {
    const { app } = createTestApp();
    const res = await call(app, "POST", SFT, { body, headers: bearer() });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
  });

  it("is 404 for an unknown model and for another entity's", async () => {
    const { app } = createTestApp();
    const model = await createModel(app);
    const body = { model_id: model.id, training_data_url: "wandb-artifact:///demo/p/d" };
    expect((await call(app, "POST", SFT, { body: { ...body, model_id: "nope" }, headers: bearer() })).status).toBe(404);
    expect((await call(app, "POST", SFT, { body, headers: bearer(ACME_KEY) })).status).toBe(404);
  });
});

describe("event ids", () => {
  it("count per job, so a tenant's ids say nothing of other jobs; the cursor still pages in order", async () => {
    const { app, runner, db } = createTestApp();
    const busy = await createModel(app, { name: "busy" });
    const other = await createModel(app, { entity: "acme", project: "claims", name: "other" }, ACME_KEY);
    const busyJob = await createRlJob(
      app,
      busy.id,
      Array.from({ length: 30 }, () => group([1])),
    );
    await runToEnd(runner, db);
    const otherJob = (
      await call(app, "POST", JOBS, {
        body: { model_id: other.id, trajectory_groups: [group([1]), group([0])] },
        headers: bearer(ACME_KEY),
      })
    ).json.id as string;
    await runToEnd(runner, db);
    expect(await allEvents(app, busyJob)).toHaveLength(32);
    const events = await allEvents(app, otherJob, ACME_KEY);
    // Acme's first job starts at 1, whatever demo did before.
    expect(events.map((e) => e.id)).toEqual([
      "evt_000000000001",
      "evt_000000000002",
      "evt_000000000003",
      "evt_000000000004",
    ]);
    const page = await call(app, "GET", `${JOBS}/${otherJob}/events?after=evt_000000000002&limit=1`, {
      headers: bearer(ACME_KEY),
    });
    expect(page.json).toMatchObject({
      data: [{ id: "evt_000000000003", type: "gradient_step" }],
      has_more: true,
      first_id: "evt_000000000003",
      last_id: "evt_000000000003",
    });
    // Another job's id is no cursor here (it is one of this job's only if this job has that many).
    const foreign = await call(app, "GET", `${JOBS}/${otherJob}/events?after=evt_000000000020`, {
      headers: bearer(ACME_KEY),
    });
    expect(foreign.status).toBe(400);
  });
});
