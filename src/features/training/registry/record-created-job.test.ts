import { describe, expect, it } from "vitest";
import { queueOrigin } from "@/test/queue-origin";
import { EMPTY_SUMMARY } from "../events/job-summary";
import { jobFacts } from "../facts/job-facts";
import { recordCreatedJob } from "./record-created-job";
import { createRegistryStore } from "./registry-store";

const ORIGIN = queueOrigin("demo/p", "Tone", "1");
const TOTALS = { steps: 0, trajectories: null, examples: null, tokens: null };

function memoryArea() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe("recording a job made here", () => {
  it("keeps what a queue's job was asked, so its page knows its facts instead of 'created before the dashboard kept it'", () => {
    const store = createRegistryStore(memoryArea(), "http://t/v1");
    const request = {
      model_id: "model_1",
      trajectory_groups: [
        { trajectories: [{ messages_and_choices: [{ role: "user" as const, content: "12345678" }], reward: 1 }] },
      ],
    };
    recordCreatedJob(store, "job_1", { kind: "rl", request, origin: ORIGIN }, new Date("2026-11-25T10:00:00Z"));
    const job = store.getSnapshot().jobs[0]!;
    expect(job).toMatchObject({
      id: "job_1",
      model_id: "model_1",
      kind: "rl",
      source: "created",
      created_at: "2026-11-25T10:00:00.000Z",
      origin: ORIGIN,
      data_size: { groups: 1, trajectories: 1, tokens: 2 },
    });

    const facts = new Map(
      jobFacts({ job, model: undefined, summary: EMPTY_SUMMARY, totals: TOTALS, now: null }).map((f) => [f.key, f]),
    );
    expect(facts.get("learning_rate")).toMatchObject({ value: null, unknown: "not set (the service's default)" });
    expect(facts.get("batch_size")?.unknown).toBe("one trajectory group per step (RL)");
    expect(facts.get("experimental_config")?.unknown).toBe("none");
    expect(facts.get("created")?.value).not.toBeNull();
    expect(facts.get("training_data")?.value).toBe("queue Tone (reward: Tone)");
  });
});
