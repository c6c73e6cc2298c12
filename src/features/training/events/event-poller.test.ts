import { beforeEach, describe, expect, it, vi } from "vitest";
import type { TrainingEvent } from "@contract/training";
import { createApiClients, type ApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { createRlJob, tickTimes } from "../test-support";
import { createEventPoller, type EventPage, type PollerPhase, type Timers } from "./event-poller";
import { isFinished, summarizeEvents } from "./job-summary";
import type { VisibilitySource } from "./visibility";

/** Timers that fire only when the test says so, so each poll is a deliberate step. */
function manualTimers() {
  let next = 1;
  const pending = new Map<number, { callback: () => void; ms: number }>();
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const id = next++;
      pending.set(id, { callback, ms });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  return {
    timers,
    delays: () => [...pending.values()].map((t) => t.ms),
    fireAll() {
      const due = [...pending.values()];
      pending.clear();
      for (const t of due) t.callback();
    },
  };
}

function fakeVisibility(hidden = false) {
  const listeners = new Set<() => void>();
  const source: VisibilitySource = {
    isHidden: () => hidden,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
  };
  return {
    source,
    set(value: boolean) {
      hidden = value;
      for (const l of Array.from(listeners)) l();
    },
  };
}

let server: ReturnType<typeof createLocalServer>;
let clients: ApiClients;

beforeEach(() => {
  server = createLocalServer();
  clients = createApiClients(server.settings, { fetch: server.fetch });
});

/** A poller over the real service, recording events, phases and the `after` of each request. */
function pollJob(
  jobId: string,
  options: {
    limit?: number;
    wrap?: (page: EventPage, call: number) => EventPage;
    visibility?: VisibilitySource;
    cursor?: string;
  } = {},
) {
  const events: TrainingEvent[] = [];
  const phases: PollerPhase["phase"][] = [];
  const afters: (string | undefined)[] = [];
  const clock = manualTimers();
  let calls = 0;
  const poller = createEventPoller({
    fetchPage: async (after, signal) => {
      afters.push(after);
      const page = await clients.training.listEvents(jobId, { after, limit: options.limit ?? 100 }, { signal });
      calls += 1;
      return options.wrap ? options.wrap(page, calls) : page;
    },
    onEvents: (fresh) => events.push(...fresh),
    isFinished: () => isFinished(summarizeEvents(events).state),
    intervalMs: 1500,
    onPhase: (p) => phases.push(p.phase),
    timers: clock.timers,
    visibility: options.visibility,
    cursor: options.cursor,
  });
  const lastPhase = () => phases.at(-1);
  const settled = (phase: PollerPhase["phase"]) => vi.waitFor(() => expect(lastPhase()).toBe(phase));
  return { poller, events, phases, afters, clock, settled, lastPhase };
}

describe("event poller against the local training service", () => {
  it("reads every page on start, then only what is new, and stops at training_ended", async () => {
    const { jobId } = await createRlJob(clients, 12);
    await tickTimes(server.runner.tick, 6); // training_started + 5 gradient steps
    const run = pollJob(jobId, { limit: 2 });
    run.poller.start();
    await run.settled("live");
    expect(run.events.map((e) => e.type)).toEqual(["training_started", ...Array(5).fill("gradient_step")]);
    // Three pages of two, each asking after the last id of the one before.
    expect(run.afters).toEqual([undefined, run.events[1]!.id, run.events[3]!.id]);
    expect(run.clock.delays()).toEqual([1500]);

    await tickTimes(server.runner.tick, 3);
    const before = run.afters.length;
    run.clock.fireAll();
    await vi.waitFor(() => expect(run.events).toHaveLength(9));
    await run.settled("live");
    expect(run.afters[before]).toBe(run.events[5]!.id);

    await tickTimes(server.runner.tick, 20); // the rest of the steps and training_ended
    run.clock.fireAll();
    await run.settled("finished");
    expect(run.events.at(-1)?.type).toBe("training_ended");
    expect(run.events.filter((e) => e.type === "gradient_step")).toHaveLength(12);
    expect(run.clock.delays()).toEqual([]); // nothing scheduled after the end
  });

  it("drops re-delivered events by id", async () => {
    const { jobId } = await createRlJob(clients, 4);
    await tickTimes(server.runner.tick, 10);
    let previous: TrainingEvent | undefined;
    const run = pollJob(jobId, {
      limit: 2,
      // Every page repeats the last event of the page before, as an at-least-once service may.
      wrap: (page) => {
        const repeated = previous ? { ...page, data: [previous, ...page.data] } : page;
        previous = page.data.at(-1);
        return repeated;
      },
    });
    run.poller.start();
    await run.settled("finished");
    const ids = run.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(run.events).toHaveLength(1 + 4 + 1);
    expect(summarizeEvents(run.events).stepsDone).toBe(4);
  });

  it("stops at training_failed", async () => {
    const { jobId } = await createRlJob(clients, 3, { baseModel: "mistralai/Mistral-7B-Instruct-v0.3" });
    await tickTimes(server.runner.tick, 1);
    const run = pollJob(jobId);
    run.poller.start();
    await run.settled("finished");
    expect(run.events.map((e) => e.type)).toEqual(["training_failed"]);
    expect(run.clock.delays()).toEqual([]);
  });

  it("treats an empty page that claims more as the end, instead of looping", async () => {
    const { jobId } = await createRlJob(clients, 3);
    const run = pollJob(jobId, { wrap: (page) => ({ ...page, has_more: true }) });
    run.poller.start();
    await run.settled("live");
    expect(run.afters).toEqual([undefined]);
  });

  it("resumes after a cached cursor and asks only for what came after it", async () => {
    const { jobId } = await createRlJob(clients, 5);
    await tickTimes(server.runner.tick, 3);
    const first = await clients.training.listEvents(jobId, { limit: 100 });
    await tickTimes(server.runner.tick, 10);
    const run = pollJob(jobId, { cursor: first.last_id ?? undefined });
    run.poller.start();
    await run.settled("finished");
    expect(run.afters[0]).toBe(first.last_id);
    expect(run.events[0]!.id > first.last_id!).toBe(true);
    expect(run.events.map((e) => e.type)).toEqual([
      "gradient_step",
      "gradient_step",
      "gradient_step",
      "training_ended",
    ]);
  });

  it("pauses while the tab is hidden and polls at once when it is shown", async () => {
    const { jobId } = await createRlJob(clients, 5);
    const visibility = fakeVisibility();
    const run = pollJob(jobId, { visibility: visibility.source });
    run.poller.start();
    await run.settled("live");
    visibility.set(true);
    run.clock.fireAll();
    await run.settled("paused");
    const requests = run.afters.length;
    await tickTimes(server.runner.tick, 2);
    expect(run.afters).toHaveLength(requests);
    expect(run.clock.delays()).toEqual([]);
    visibility.set(false);
    await vi.waitFor(() => expect(run.events.length).toBe(2));
    expect(run.afters).toHaveLength(requests + 1);
  });

  it("gives up on a job the service does not know, and retries a transient failure", async () => {
    const missing = pollJob("job_does_not_exist");
    missing.poller.start();
    await missing.settled("failed");
    expect(missing.clock.delays()).toEqual([]);

    const { jobId } = await createRlJob(clients, 2);
    let failures = 1;
    const flaky = pollJob(jobId, {
      wrap: (page) => {
        if (failures-- > 0) throw new TypeError("Failed to fetch");
        return page;
      },
    });
    flaky.poller.start();
    await flaky.settled("retrying");
    expect(flaky.clock.delays()).toEqual([1500]);
    flaky.clock.fireAll();
    await flaky.settled("live");
  });

  it("stop() aborts and schedules nothing", async () => {
    const { jobId } = await createRlJob(clients, 2);
    const run = pollJob(jobId);
    run.poller.start();
    await run.settled("live");
    run.poller.stop();
    expect(run.lastPhase()).toBe("stopped");
    expect(run.clock.delays()).toEqual([]);
  });
});
