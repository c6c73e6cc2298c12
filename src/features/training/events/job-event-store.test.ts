import { describe, expect, it, vi } from "vitest";
import type { TrainingEvent } from "@contract/training";
import { JobEventStore } from "./job-event-store";

let seq = 0;
const event = (type: string, data: Record<string, unknown> = {}): TrainingEvent => ({
  id: `evt_${String(++seq).padStart(12, "0")}`,
  type,
  data,
});

describe("JobEventStore", () => {
  it("keeps gradient steps as columns and rebuilds each event exactly", () => {
    const store = new JobEventStore();
    const events = [
      event("training_started", { num_sequences: 3, simulated_metrics: ["loss"] }),
      event("gradient_step", { step: 7, reward: 0.25, loss: 1.5 }),
      event("gradient_step", { step: 8, reward: 0.5, loss: 1.25, kl_div: 0.001, tag: "warmup" }),
      event("gradient_step", { step: 9, reward: 0.75 }),
    ];
    store.append(events);
    expect(store.size).toBe(4);
    expect(store.stepCount).toBe(3);
    expect([...store.steps()]).toEqual([7, 8, 9]);
    expect(store.metricNames()).toEqual(["reward", "loss", "kl_div"]);
    expect([...store.column("loss")]).toEqual([1.5, 1.25, Number.NaN]);
    expect([...store.column("kl_div")]).toEqual([Number.NaN, 0.001, Number.NaN]);
    for (let i = 0; i < events.length; i += 1) expect(store.eventAt(i)).toEqual(events[i]);
    expect(store.summary()).toMatchObject({ state: "running", stepsDone: 3, lastStep: 9, simulatedMetrics: ["loss"] });
  });

  it("skips ids it already holds and only tells subscribers about real changes", () => {
    const store = new JobEventStore();
    const listener = vi.fn<() => void>();
    store.subscribe(listener);
    const first = event("gradient_step", { step: 1, reward: 1 });
    expect(store.append([first])).toBe(1);
    expect(store.append([first])).toBe(0);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.version).toBe(1);
    expect(store.summary().stepsDone).toBe(1);
  });

  it("filters by type from the compact type codes", () => {
    const store = new JobEventStore();
    store.append([
      event("training_started", {}),
      event("gradient_step", { step: 1 }),
      event("gradient_step", { step: 2 }),
      event("training_ended", {}),
    ]);
    expect([...store.indicesOfTypes(new Set(["gradient_step"]))]).toEqual([1, 2]);
    expect([...store.indicesOfTypes(new Set(["training_started", "training_ended"]))]).toEqual([0, 3]);
    expect(store.types()).toEqual([
      { type: "training_started", count: 1 },
      { type: "gradient_step", count: 2 },
      { type: "training_ended", count: 1 },
    ]);
  });

  it("grows past its initial capacity without losing values", () => {
    const store = new JobEventStore();
    const events = Array.from({ length: 5000 }, (_, i) => event("gradient_step", { step: i + 1, loss: 1 / (i + 1) }));
    for (let i = 0; i < events.length; i += 700) store.append(events.slice(i, i + 700));
    expect(store.stepCount).toBe(5000);
    expect(store.column("loss")[4999]).toBe(1 / 5000);
    expect(store.eventAt(4321)).toEqual(events[4321]);
    expect(store.lastIds(2)).toEqual([events[4998]!.id, events[4999]!.id]);
  });

  it("numbers steps itself when an event has no step, and does not invent one in the log", () => {
    const store = new JobEventStore();
    const odd = event("gradient_step", { loss: 2 });
    store.append([odd]);
    expect([...store.steps()]).toEqual([1]);
    expect(store.eventAt(0)).toEqual(odd);
  });
});
