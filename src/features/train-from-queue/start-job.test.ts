import { describe, expect, it, vi } from "vitest";
import type { TrainingClient } from "@/api/training";
import { queueOrigin } from "@/test/queue-origin";
import { MAX_JOB_BYTES, startQueueJob, TooLargeError } from "./start-job";

const ORIGIN = queueOrigin("demo/p", "Q", "1");
const groupOf = (content: string) => ({
  trajectories: [{ messages_and_choices: [{ role: "user", content }], reward: 1 }],
});

function fakeTraining() {
  const createRLJob = vi.fn<TrainingClient["createRLJob"]>(async () => ({ id: "job_1" }));
  const createModel = vi.fn<TrainingClient["createModel"]>(async (req) => ({
    id: "model_new",
    entity: "demo",
    project: req.project,
    name: req.name,
    base_model: req.base_model,
    run_id: null,
  }));
  return { training: { createRLJob, createModel } as unknown as TrainingClient, createRLJob, createModel };
}

describe("starting a job from a queue", () => {
  it("creates the new model first, names it to the page, and records the job with its origin", async () => {
    const { training, createModel, createRLJob } = fakeTraining();
    const upsertModel = vi.fn<Parameters<typeof startQueueJob>[0]["registry"]["upsertModel"]>();
    const upsertJob = vi.fn<Parameters<typeof startQueueJob>[0]["registry"]["upsertJob"]>();
    const onModelCreated = vi.fn<(id: string) => void>();
    const steps: string[] = [];
    const id = await startQueueJob({
      training,
      registry: { upsertModel, upsertJob },
      model: { kind: "new", project: " support-bot ", name: "tone-rl", base: "Qwen/Qwen2.5-7B-Instruct" },
      groups: [groupOf("hi")],
      origin: ORIGIN,
      onProgress: (progress) => steps.push(progress.step),
      onModelCreated,
    });
    expect(id).toBe("job_1");
    expect(createModel).toHaveBeenCalledWith(
      { project: "support-bot", name: "tone-rl", base_model: "Qwen/Qwen2.5-7B-Instruct" },
      expect.anything(),
    );
    expect(onModelCreated).toHaveBeenCalledWith("model_new");
    expect(createRLJob).toHaveBeenCalledWith(
      { model_id: "model_new", trajectory_groups: [groupOf("hi")] },
      expect.anything(),
    );
    // Recorded with the facts the new-job page keeps (the job page shows them, not "not known").
    expect(upsertJob).toHaveBeenCalledWith({
      id: "job_1",
      model_id: "model_new",
      kind: "rl",
      source: "created",
      origin: ORIGIN,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      request: {},
      data_size: { groups: 1, trajectories: 1, tokens: 1 },
    });
    expect(steps).toEqual(["model", "measure", "send"]);
  });

  it("refuses a set over the service's body limit before sending it", async () => {
    const { training, createRLJob } = fakeTraining();
    const start = startQueueJob({
      training,
      registry: {
        upsertModel: vi.fn<Parameters<typeof startQueueJob>[0]["registry"]["upsertModel"]>(),
        upsertJob: vi.fn<Parameters<typeof startQueueJob>[0]["registry"]["upsertJob"]>(),
      },
      model: { kind: "existing", id: "model_1" },
      groups: [groupOf("x".repeat(MAX_JOB_BYTES))],
      origin: ORIGIN,
      onProgress: () => undefined,
      onModelCreated: () => undefined,
    });
    await expect(start).rejects.toThrow(TooLargeError);
    await expect(start).rejects.toThrow(/32\.1 MiB, more than the 32 MiB the training service takes in one job/);
    expect(createRLJob).not.toHaveBeenCalled();
  });
});
