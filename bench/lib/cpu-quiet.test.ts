import { afterEach, describe, expect, it, vi } from "vitest";

/** os.cpus() answers from this list, one entry per call: [idle, busy] ms added since the last. */
let windows: [number, number][] = [];
let totals = { idle: 0, busy: 0 };
vi.mock("node:os", () => ({
  cpus: () => {
    const [idle, busy] = windows.shift() ?? [0, 0];
    totals = { idle: totals.idle + idle, busy: totals.busy + busy };
    return [{ model: "test", speed: 1, times: { user: totals.busy, nice: 0, sys: 0, idle: totals.idle, irq: 0 } }];
  },
}));

const { waitForQuietCpu } = await import("./cpu-quiet");

afterEach(() => {
  windows = [];
  totals = { idle: 0, busy: 0 };
});

describe("waitForQuietCpu", () => {
  it("waits through busy windows until one is idle enough", async () => {
    // Each window reads the times twice: its start and its end.
    windows = [
      [0, 0],
      [10, 90],
      [0, 0],
      [50, 50],
      [0, 0],
      [95, 5],
    ];
    const outcome = await waitForQuietCpu({ idleAtLeast: 0.8, windowMs: 5, timeoutMs: 1_000 });
    expect(outcome.quiet).toBe(true);
    expect(outcome.idleFraction).toBeCloseTo(0.95);
  });

  it("gives up after its time, saying the machine stayed busy", async () => {
    windows = Array.from({ length: 200 }, (_, i) => (i % 2 ? [10, 90] : [0, 0]));
    const outcome = await waitForQuietCpu({ idleAtLeast: 0.8, windowMs: 5, timeoutMs: 30 });
    expect(outcome.quiet).toBe(false);
    expect(outcome.waitedMs).toBeGreaterThanOrEqual(30);
    expect(outcome.idleFraction).toBeCloseTo(0.1);
  });
});
