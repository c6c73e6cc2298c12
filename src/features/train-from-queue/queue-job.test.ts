import { afterEach, describe, expect, it, vi } from "vitest";
import { readQueueSpecs } from "@/api/annotation-specs";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { loadTrainingSource } from "./load-training-source";
import { startQueueJob } from "./start-job";
import { seedRatedQueue, TEST_PROJECT as PROJECT } from "./test-support";
import { buildSelectionNow } from "./trajectories/build-groups";

function setup() {
  const server = createLocalServer();
  const { queueId, refs } = seedRatedQueue(server);
  const clients = createApiClients({ ...server.settings }, { fetch: server.fetch });
  return { server, queueId, clients, refs };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

afterEach(() => {
  localStorage.clear();
});

describe("a job from a queue, through the local services", () => {
  it("trains exactly the selection: num_sequences is the groups, each step's reward its group's mean", async () => {
    const { server, queueId, clients, refs } = setup();
    const { specs } = await readQueueSpecs(clients.trace, refs);
    const tone = specs.find((spec) => spec.id === "tone")!;
    const source = await loadTrainingSource({
      trace: clients.trace,
      projectId: PROJECT,
      queueId,
      specs,
      signal: new AbortController().signal,
    });
    expect(source.items).toHaveLength(24);
    const selection = buildSelectionNow({
      queue: { id: queueId, name: "Refund answers" },
      ...source,
      spec: tone,
      mapping: { kind: "rating", min: 1, max: 5, scale: "unit" },
      annotators: { kind: "mean" },
      states: ["completed"],
      pathsFor: () => ({ prompt: "inputs.question", completion: "output.answer" }),
      grouping: { by: "input", size: 4, singletons: "keep" },
    });
    const trajectories = selection.groups.flatMap((group) => group.trajectories);
    // The 12 rated calls, less those without an answer (the seed fails about 3 %), each one trajectory.
    expect(trajectories.length + selection.unusable.length).toBe(12);
    expect(selection.unusable.every((u) => u.reason === "no-output")).toBe(true);
    expect(selection.groups.length).toBeGreaterThan(1);

    const model = await clients.training.createModel({
      project: "support-bot",
      name: "queue-rl",
      base_model: "Qwen/Qwen2.5-7B-Instruct",
    });
    const upsertJob = vi.fn<Parameters<typeof startQueueJob>[0]["registry"]["upsertJob"]>();
    const jobId = await startQueueJob({
      training: clients.training,
      registry: { upsertModel: vi.fn<Parameters<typeof startQueueJob>[0]["registry"]["upsertModel"]>(), upsertJob },
      model: { kind: "existing", id: model.id },
      groups: selection.groups,
      origin: {
        kind: "queue",
        projectId: PROJECT,
        queueId,
        queueName: "Refund answers",
        rewardSpec: { ref: tone.ref, label: tone.label },
      },
      onProgress: () => undefined,
      onModelCreated: () => undefined,
    });
    expect(upsertJob).toHaveBeenCalledWith(
      expect.objectContaining({
        id: jobId,
        model_id: model.id,
        origin: expect.objectContaining({ queueId, rewardSpec: { ref: tone.ref, label: "Tone" } }),
      }),
    );

    for (let i = 0; i <= selection.groups.length; i++) await server.runner.tick();
    const events = (await clients.training.listEvents(jobId, { limit: 100 })).data;
    const started = events.find((event) => event.type === "training_started");
    expect(started?.data.num_sequences).toBe(selection.groups.length);
    const steps = events.filter((event) => event.type === "gradient_step");
    expect(steps.map((event) => event.data.reward)).toEqual(
      selection.groups.map((group) => expect.closeTo(mean(group.trajectories.map((t) => t.reward)), 9)),
    );
    expect(steps.map((event) => event.data.num_trajectories)).toEqual(
      selection.groups.map((group) => group.trajectories.length),
    );
    expect(events.at(-1)?.type).toBe("training_ended");
  });
});
