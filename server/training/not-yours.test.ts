import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { TRAINING, createModel, createRlJob, group } from "./test-support";

// Another entity's model or job must answer exactly as one that does not exist: a 403 naming the
// owner told any key which ids exist and whose they are.

const UNKNOWN_MODEL = "model_0000000000000000";
const UNKNOWN_JOB = "job_0000000000000000";

type App = ReturnType<typeof createTestApp>["app"];
type Probe = { name: string; method: string; path: (id: string) => string; body?: (id: string) => unknown };

const MODEL_PROBES: Probe[] = [
  { name: "delete a model", method: "DELETE", path: (id) => `/preview/models/${id}` },
  { name: "list checkpoints", method: "GET", path: (id) => `/preview/models/${id}/checkpoints` },
  {
    name: "delete checkpoints",
    method: "DELETE",
    path: (id) => `/preview/models/${id}/checkpoints`,
    body: () => ({ steps: [1] }),
  },
  {
    name: "log trajectories",
    method: "POST",
    path: (id) => `/preview/models/${id}/log`,
    body: () => ({ trajectory_groups: [group([1])] }),
  },
  {
    name: "start an RL job",
    method: "POST",
    path: () => "/preview/training-jobs",
    body: (id) => ({ model_id: id, trajectory_groups: [group([1])] }),
  },
  {
    name: "start an SFT job",
    method: "POST",
    path: () => "/preview/sft-training-jobs",
    body: (id) => ({ model_id: id, training_data_url: "wandb-artifact:///acme/claims/d" }),
  },
  { name: "read logged metrics (local)", method: "GET", path: (id) => `/local/models/${id}/logs` },
];
const JOB_PROBES: Probe[] = [
  { name: "read a job", method: "GET", path: (id) => `/preview/training-jobs/${id}` },
  { name: "read a job's events", method: "GET", path: (id) => `/preview/training-jobs/${id}/events` },
];

/** The answer with the id asked for replaced, so answers about two ids can be compared. */
async function answer(app: App, probe: Probe, id: string) {
  const body = probe.body?.(id);
  const res = await call(app, probe.method, `${TRAINING}${probe.path(id)}`, {
    headers: bearer(ACME_KEY),
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, body: res.text.replaceAll(id, "<id>") };
}

describe("another entity's training resources", () => {
  it.each(MODEL_PROBES)("a model: $name answers as for a model that does not exist (404, same body)", async (probe) => {
    const { app } = createTestApp();
    const demoModel = await createModel(app);
    const foreign = await answer(app, probe, demoModel.id);
    const missing = await answer(app, probe, UNKNOWN_MODEL);
    expect(missing.status).toBe(404);
    expect(foreign).toEqual(missing);
    expect(foreign.body).not.toContain("demo");
  });

  it.each(JOB_PROBES)("a job: $name answers as for a job that does not exist (404, same body)", async (probe) => {
    const { app } = createTestApp();
    const demoModel = await createModel(app);
    const jobId = await createRlJob(app, demoModel.id, [group([1])]);
    const foreign = await answer(app, probe, jobId);
    const missing = await answer(app, probe, UNKNOWN_JOB);
    expect(missing.status).toBe(404);
    expect(foreign).toEqual(missing);
    expect(foreign.body).not.toContain("demo");
  });
});
