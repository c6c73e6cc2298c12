import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createTestApp } from "../../server/testing/test-app";
import { summarize, type Summary } from "../lib/stats";
import { hostileRequests, JSON_AUTH } from "./hostile-requests";

/** Timed runs of each bulk upload (after its warm-up). */
export const BULK_RUNS = 3;

export type RequestCost = {
  name: string;
  bytes: number;
  status: number;
  expected: number;
  bulk: boolean;
  cpuMs: Summary;
  loopMs: Summary;
  holdMs: Summary;
  wallMs: Summary;
};

/**
 * CPU time the server spends on each hostile request, measured in process (app.fetch, the body
 * handed over as bytes so encoding it is not counted): process.cpuUsage() around the request and
 * the reading of its answer (every thread: a bulk upload's worker too), and the time the event
 * loop was busy meanwhile in all (performance.eventLoopUtilization), and the longest single hold of
 * the event loop (monitorEventLoopDelay at 1 ms resolution: what another request waited for at
 * most). One untimed pass over every kind first (the JIT warms up on all of them), then `reps`
 * timed passes, round-robin, so a noisy moment is spread over the kinds. `only` picks kinds by name.
 */
export async function measureRequestCosts(
  reps: number,
  maxBodyBytes: number,
  only: (name: string) => boolean = () => true,
): Promise<RequestCost[]> {
  // No job quota here: the bulk upload is repeated, and each run queues a job.
  const { app } = createTestApp({ activeJobsPerEntity: Number.MAX_SAFE_INTEGER, maxBodyBytes, largeDatabase: true });
  const requests = hostileRequests(await fixtures(app), maxBodyBytes)
    .filter((request) => only(request.name))
    .map((request) => ({
      request,
      body: request.body === undefined ? undefined : new TextEncoder().encode(request.body),
      cpu: [] as number[],
      loop: [] as number[],
      hold: [] as number[],
      wall: [] as number[],
      status: 0,
    }));
  // The bulk upload is timed on its own, after the rest: the garbage it leaves (32 MiB) would be
  // collected during whichever request came next and counted against it.
  // Three timed runs of each bulk upload at most: each stores 32 MiB in the in-memory database.
  const passes = [
    { group: requests.filter((r) => !r.request.bulk), runs: reps },
    { group: requests.filter((r) => r.request.bulk), runs: Math.min(reps, BULK_RUNS) },
  ];
  for (const { group, runs } of passes) {
    for (let pass = 0; pass <= runs; pass += 1) await timePass(group, pass);
  }
  return requests.map(({ request, body, cpu, loop, hold, wall, status }) => ({
    name: request.name,
    bytes: body?.byteLength ?? 0,
    status,
    expected: request.status,
    bulk: request.bulk === true,
    cpuMs: summarize(cpu),
    loopMs: summarize(loop),
    holdMs: summarize(hold),
    wallMs: summarize(wall),
  }));

  /** Run 0 is the warm-up, untimed. */
  async function timePass(group: typeof requests, run: number): Promise<void> {
    const warmUp = run === 0;
    for (const entry of group) {
      // Built before the clocks start: wrapping 32 MiB in a Request is the client's work (another
      // process in real life), and it held this event loop for tens of milliseconds.
      const body = entry.request.bodyOfRun ? new TextEncoder().encode(entry.request.bodyOfRun(run)) : entry.body;
      const request = new Request(new URL(entry.request.path, "http://bench.local"), {
        method: entry.request.method,
        headers: entry.request.headers,
        body,
      });
      const started = performance.now();
      const before = process.cpuUsage();
      const loopBefore = performance.eventLoopUtilization();
      const holds = monitorEventLoopDelay({ resolution: 1 });
      holds.enable();
      const response = await app.request(request);
      await response.arrayBuffer();
      const used = process.cpuUsage(before);
      const loop = performance.eventLoopUtilization(loopBefore);
      holds.disable();
      entry.status = response.status;
      if (warmUp) continue;
      entry.cpu.push((used.user + used.system) / 1000);
      entry.loop.push(loop.active);
      // The histogram's max is the longest delay of its 1 ms timer: a hold, plus up to 1 ms of timer slack.
      entry.hold.push(holds.count > 0 ? holds.max / 1e6 : 0);
      entry.wall.push(performance.now() - started);
    }
  }
}

async function fixtures(app: ReturnType<typeof createTestApp>["app"]): Promise<{ modelId: string; queueId: string }> {
  const post = async (path: string, body: unknown) => {
    const response = await app.request(path, { method: "POST", headers: JSON_AUTH, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const model = await post("/api/training/v1/preview/models", {
    project: "support-bot",
    name: "hostile",
    base_model: "OpenPipe/Qwen3-14B-Instruct",
  });
  const queue = await post("/api/trace/annotation_queues", { project_id: "demo/support-bot", name: "hostile" });
  // The table of no rows, which the bench's /table/update appends to (EMPTY_TABLE_DIGEST).
  await post("/api/trace/table/create", { table: { project_id: "demo/support-bot", rows: [] } });
  return { modelId: model.id, queueId: queue.id };
}
