import { describe, expect, it } from "vitest";
import type { TrainingEvent } from "@contract/training";
import { EMPTY_SUMMARY, NO_FAILURE_MESSAGE, progressOf, summarizeEvents } from "./job-summary";

let seq = 0;
const event = (type: string, data: Record<string, unknown> = {}): TrainingEvent => ({
  id: `evt_${String(++seq).padStart(12, "0")}`,
  type,
  data,
});
const started = (n: number, simulated: string[] = []) =>
  event("training_started", { num_sequences: n, simulated_metrics: simulated });
const step = (s: number, metrics: Record<string, unknown>) => event("gradient_step", { step: s, ...metrics });

describe("job state from events", () => {
  it("is queued before any event", () => {
    expect(summarizeEvents([])).toEqual(EMPTY_SUMMARY);
    expect(summarizeEvents([]).state).toBe("queued");
    expect(progressOf(EMPTY_SUMMARY)).toBeNull();
  });

  it("runs from training_started, counting steps and keeping the latest metrics", () => {
    const summary = summarizeEvents([
      started(4, ["loss"]),
      step(11, { reward: 0.2, loss: 0.9 }),
      step(12, { reward: 0.5, loss: 0.7, note: "text" }),
    ]);
    expect(summary).toMatchObject({
      state: "running",
      kind: "rl",
      numSequences: 4,
      stepsDone: 2,
      lastStep: 12,
      latestMetrics: { reward: 0.5, loss: 0.7 },
      simulatedMetrics: ["loss"],
      eventCount: 3,
    });
    expect(summary.latestMetrics).not.toHaveProperty("note");
    expect(progressOf(summary)).toBe(0.5);
  });

  it("counts a gradient step without training_started as running", () => {
    expect(summarizeEvents([step(1, { loss: 1 })]).state).toBe("running");
  });

  it("tells SFT from RL by the step's fields", () => {
    expect(summarizeEvents([started(1), step(1, { num_examples: 8, loss: 1 })]).kind).toBe("sft");
    expect(summarizeEvents([started(1), step(1, { loss: 1 })]).kind).toBeNull();
  });

  it("succeeds at training_ended, with full progress", () => {
    const summary = summarizeEvents([
      started(2),
      step(1, { reward: 1 }),
      step(2, { reward: 1 }),
      event("training_ended", { num_steps: 2 }),
    ]);
    expect(summary.state).toBe("succeeded");
    expect(progressOf(summary)).toBe(1);
  });

  it("fails at training_failed with the service's message, or says there was none", () => {
    const failed = summarizeEvents([
      started(3),
      event("training_failed", { error_message: "Trajectory 2 of group 1 has no reward." }),
    ]);
    expect(failed).toMatchObject({ state: "failed", errorMessage: "Trajectory 2 of group 1 has no reward." });
    expect(summarizeEvents([event("training_failed", {})]).errorMessage).toBe(NO_FAILURE_MESSAGE);
    expect(summarizeEvents([event("training_failed", { error_message: "  " })]).errorMessage).toBe(NO_FAILURE_MESSAGE);
  });

  it("keeps a finished state final, whatever comes after", () => {
    const summary = summarizeEvents([
      started(1),
      event("training_ended"),
      step(5, { reward: 1 }),
      event("training_failed", { error_message: "late" }),
    ]);
    expect(summary.state).toBe("succeeded");
    expect(summary.errorMessage).toBeNull();
  });

  it("ignores unknown event types but counts them", () => {
    const summary = summarizeEvents([started(2), event("checkpoint_uploaded", { step: 1 })]);
    expect(summary.state).toBe("running");
    expect(summary.eventCount).toBe(2);
  });

  it("continues from an earlier summary without changing it", () => {
    const first = summarizeEvents([started(3), step(1, { reward: 0.1 })]);
    const later = summarizeEvents([step(2, { reward: 0.2 })], first);
    expect(first.stepsDone).toBe(1);
    expect(later).toMatchObject({ stepsDone: 2, lastStep: 2, numSequences: 3 });
  });

  it("ignores non-finite and non-numeric values in the metrics", () => {
    const summary = summarizeEvents([step(1, { reward: Number.NaN, loss: "0.5", kl_div: 0.01 })]);
    expect(summary.latestMetrics).toEqual({ kl_div: 0.01 });
  });
});
