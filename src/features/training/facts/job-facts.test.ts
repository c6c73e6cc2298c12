import { describe, expect, it } from "vitest";
import { columnTotal, jobFacts, OPENED_BY_ID, reportedValues, type EventTotals, type Fact } from "./job-facts";
import { requestFacts, rlDataSize } from "./request-facts";
import type { RegistryJob, RegistryModel } from "../registry/registry-schema";
import { RegistryJob as RegistryJobSchema } from "../registry/registry-schema";
import { trajectoryGroup } from "../test-support";

const NO_STEPS: EventTotals = { steps: 0, trajectories: null, examples: null, tokens: null };
const MODEL: RegistryModel = {
  id: "mdl_1",
  entity: "demo",
  project: "support-bot",
  name: "agent",
  base_model: "OpenPipe/Qwen3-14B-Instruct",
  added_at: "2026-01-01T00:00:00Z",
  source: "created",
};
/** The facts of a succeeded job no model is known for, as at a time not said. */
const learningRateFacts = (job: RegistryJob | undefined, kind: "rl" | "sft", totals: EventTotals) =>
  jobFacts({ job, model: undefined, summary: { state: "succeeded", kind }, totals, now: null });
const factOf = (facts: Fact[], key: Fact["key"]) => facts.find((f) => f.key === key)!;

describe("job facts", () => {
  it("shows what a job made here was asked, from the registry", () => {
    const job: RegistryJob = {
      id: "job_1",
      model_id: "mdl_1",
      kind: "rl",
      added_at: "2026-01-01T00:00:00Z",
      source: "created",
      created_at: "2026-01-01T10:00:00Z",
      request: { learning_rate: 2e-5, experimental_config: { warmup_steps: 10 } },
      data_size: { groups: 3, trajectories: 12, tokens: 400 },
      origin: { kind: "file", fileName: "groups.jsonl" },
      seen_started_at: "2026-01-01T10:00:05Z",
      seen_finished_at: "2026-01-01T10:02:05Z",
    };
    const facts = jobFacts({
      job,
      model: MODEL,
      summary: { state: "succeeded", kind: "rl" },
      totals: { steps: 3, trajectories: 12, examples: null, tokens: 390 },
      now: 0,
    });
    expect(factOf(facts, "model").value).toBe("demo/support-bot/agent");
    expect(factOf(facts, "base_model").value).toBe("OpenPipe/Qwen3-14B-Instruct");
    expect(factOf(facts, "learning_rate").value).toBe("0.00002");
    expect(factOf(facts, "batch_size").value).toBeNull();
    expect(factOf(facts, "batch_size").unknown).toBe("one trajectory group per step (RL)");
    expect(factOf(facts, "experimental_config").value).toBe('{"warmup_steps":10}');
    expect(factOf(facts, "training_data").value).toBe("file groups.jsonl");
    expect(factOf(facts, "data_size").value).toBe("3 groups, 12 trajectories");
    expect(factOf(facts, "tokens").value).toBe("390 trained");
    expect(factOf(facts, "duration").value).toBe("2 min 0 s");
  });

  it("says the request is not known for a job opened by ID, and counts its data from its steps", () => {
    const job: RegistryJob = { id: "job_2", added_at: "2026-01-01T00:00:00Z", source: "opened" };
    const facts = jobFacts({
      job,
      model: undefined,
      summary: { state: "running", kind: "rl" },
      totals: { steps: 5, trajectories: 20, examples: null, tokens: 1000 },
      now: 0,
    });
    for (const key of ["learning_rate", "experimental_config", "training_data", "created"] as const) {
      expect(factOf(facts, key)).toMatchObject({ value: null, unknown: OPENED_BY_ID });
    }
    expect(factOf(facts, "data_size").value).toBe("5 groups, 20 trajectories so far (from its steps)");
    expect(factOf(facts, "tokens").value).toBe("1,000 trained so far");
    expect(factOf(facts, "started").value).toBeNull();
    expect(factOf(facts, "duration").unknown).toMatch(/start was not seen here/);
  });

  it("counts an SFT job's examples and says a running job's duration so far", () => {
    const job: RegistryJob = {
      id: "job_3",
      kind: "sft",
      added_at: "x",
      source: "created",
      created_at: "2026-01-01T10:00:00Z",
      seen_started_at: "2026-01-01T10:00:00Z",
      request: { batch_size: "auto", training_data_url: "https://example.com/d.jsonl" },
    };
    const facts = jobFacts({
      job,
      model: undefined,
      summary: { state: "running", kind: "sft" },
      totals: { steps: 2, trajectories: null, examples: 64, tokens: null },
      now: Date.parse("2026-01-01T10:00:30Z"),
    });
    expect(factOf(facts, "data_size").value).toBe("64 examples so far");
    expect(factOf(facts, "batch_size").value).toBe("auto");
    expect(factOf(facts, "training_data").value).toBe("https://example.com/d.jsonl");
    expect(factOf(facts, "learning_rate").unknown).toBe("not set (the service's default)");
    expect(factOf(facts, "duration").value).toBe("30 s so far");
    expect(factOf(facts, "data_size").unknown).toBe("no steps yet");
    expect(
      jobFacts({ job, model: undefined, summary: { state: "queued", kind: null }, totals: NO_STEPS, now: 0 }).find(
        (f) => f.key === "data_size",
      )!.value,
    ).toBeNull();
  });

  it("says why for a job imported or created before the facts were kept", () => {
    const imported = jobFacts({
      job: { id: "j", added_at: "x", source: "imported" },
      model: undefined,
      summary: { state: "succeeded", kind: "rl" },
      totals: NO_STEPS,
      now: null,
    });
    expect(factOf(imported, "learning_rate").unknown).toMatch(/imported/);
    const old = jobFacts({
      job: { id: "j", added_at: "x", source: "created" },
      model: undefined,
      summary: { state: "succeeded", kind: "rl" },
      totals: NO_STEPS,
      now: null,
    });
    expect(factOf(old, "created").unknown).toMatch(/created before the dashboard kept it/);
  });

  const reported: EventTotals = {
    ...NO_STEPS,
    steps: 24,
    learningRates: reportedValues(new Float64Array([2e-5, 2e-5, Number.NaN, 2e-5])),
  };
  const at = { id: "j", added_at: "x", created_at: "2026-01-01T00:00:00Z" } as const;

  it.each<[string, RegistryJob | undefined, "rl" | "sft", EventTotals, string]>([
    // The seeded demo's job: a creation time from the service, its request not known here.
    ["a seeded job", { ...at, source: "imported" }, "rl", reported, "0.00002 (from the events)"],
    // Made here without one: the service's default, as its steps report it.
    [
      "a job made here without one",
      { ...at, source: "created", request: {} },
      "rl",
      reported,
      "0.00002 (from the events: the service's default)",
    ],
    // What the request said wins over the events.
    [
      "a job whose request set it",
      { ...at, source: "created", request: { learning_rate: 1e-5 } },
      "rl",
      reported,
      "0.00001",
    ],
    [
      "a schedule",
      undefined,
      "sft",
      { ...reported, learningRates: reportedValues([1e-4, 8e-5, 6e-5, 4e-5, 2e-5]) },
      "0.0001 … 0.00002 (a schedule) (from the events)",
    ],
    [
      "two rates",
      undefined,
      "sft",
      { ...reported, learningRates: reportedValues([1e-4, 5e-5, 5e-5]) },
      "0.0001, 0.00005 (from the events)",
    ],
  ])(
    "shows the learning rate the steps report when the request did not set it, saying where it came from: %s",
    (_, job, kind, totals, shown) => {
      expect(factOf(learningRateFacts(job, kind, totals), "learning_rate").value).toBe(shown);
    },
  );

  it("says a seeded job's experimental config is not known, as it was imported", () => {
    const seeded = learningRateFacts({ ...at, source: "imported" }, "rl", reported);
    expect(factOf(seeded, "experimental_config").unknown).toMatch(/imported/);
  });

  it("sums a column's finite values only", () => {
    expect(columnTotal(new Float64Array([1, Number.NaN, 2.5]))).toBe(3.5);
    expect(columnTotal(new Float64Array([Number.NaN]))).toBeNull();
  });
});

describe("facts kept at creation", () => {
  it("keeps an RL request's learning rate and config, and counts its groups, trajectories and tokens", () => {
    const request = {
      model_id: "m",
      trajectory_groups: [trajectoryGroup(0.1, 0.2), trajectoryGroup(0.3)],
      experimental_config: { learning_rate: 1e-5, seed: 7 },
    };
    expect(requestFacts({ kind: "rl", request })).toEqual({ learning_rate: 1e-5, experimental_config: { seed: 7 } });
    // "Question 0" + "Answer 0" (18 characters) per trajectory, three trajectories: 54 / 4 -> 14.
    expect(rlDataSize(request)).toEqual({ groups: 2, trajectories: 3, tokens: 14 });
  });

  it("keeps an SFT request's config learning rate, batch size and data URL", () => {
    const request = {
      model_id: "m",
      training_data_url: "https://example.com/x.jsonl",
      config: { batch_size: 8, learning_rate: [1e-5, 5e-6] },
    };
    expect(requestFacts({ kind: "sft", request })).toEqual({
      learning_rate: [1e-5, 5e-6],
      batch_size: 8,
      training_data_url: "https://example.com/x.jsonl",
    });
  });

  it("still reads a registry job written before the facts existed, and reads a queue source", () => {
    expect(
      RegistryJobSchema.safeParse({ id: "job_old", added_at: "2025-01-01T00:00:00Z", source: "opened" }).success,
    ).toBe(true);
    const queued = RegistryJobSchema.safeParse({
      id: "j",
      added_at: "x",
      source: "created",
      origin: {
        kind: "queue",
        projectId: "demo/support-bot",
        queueId: "q1",
        queueName: "Support",
        rewardSpec: { ref: "weave:///demo/support-bot/object/helpful:abc", label: "Helpful" },
      },
    });
    expect(queued.success).toBe(true);
    const facts = jobFacts({
      job: { ...(queued.data as RegistryJob), created_at: "2026-01-01T00:00:00Z" },
      model: undefined,
      summary: { state: "queued", kind: null },
      totals: NO_STEPS,
      now: null,
    });
    expect(factOf(facts, "training_data").value).toBe("queue Support (reward: Helpful)");
    expect(
      RegistryJobSchema.safeParse({ id: "j", added_at: "x", source: "created", origin: { kind: "email" } }).success,
    ).toBe(false);
  });
});
