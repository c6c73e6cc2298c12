import { createTestApp } from "../../server/testing/test-app";
import { summarize, type Summary } from "../lib/stats";
import { hostileRequests, JSON_AUTH } from "./hostile-requests";

export type RequestCost = { name: string; bytes: number; status: number; expected: number; bulk: boolean; cpuMs: Summary; wallMs: Summary };

/**
 * CPU time the server spends on each hostile request, measured in process (app.fetch, the body
 * handed over as bytes so encoding it is not counted): process.cpuUsage() around the request and
 * the reading of its answer. One untimed pass over every kind first (the JIT warms up on all of
 * them), then `reps` timed passes, round-robin, so a noisy moment is spread over the kinds.
 */
export async function measureRequestCosts(reps: number, maxBodyBytes: number): Promise<RequestCost[]> {
  // No job quota here: the bulk upload is repeated, and each run queues a job.
  const { app } = createTestApp({ activeJobsPerEntity: Number.MAX_SAFE_INTEGER, maxBodyBytes });
  const requests = hostileRequests(await fixtures(app), maxBodyBytes).map((request) => ({
    request,
    body: request.body === undefined ? undefined : new TextEncoder().encode(request.body),
    cpu: [] as number[],
    wall: [] as number[],
    status: 0,
  }));
  // The bulk upload is timed on its own, after the rest: the garbage it leaves (32 MiB) would be
  // collected during whichever request came next and counted against it.
  const passes = [requests.filter((r) => !r.request.bulk), requests.filter((r) => r.request.bulk)];
  for (const group of passes) {
    for (let pass = 0; pass <= reps; pass += 1) await timePass(group, pass === 0);
  }
  return requests.map(({ request, body, cpu, wall, status }) => ({
    name: request.name,
    bytes: body?.byteLength ?? 0,
    status,
    expected: request.status,
    bulk: request.bulk === true,
    cpuMs: summarize(cpu),
    wallMs: summarize(wall),
  }));

  async function timePass(group: typeof requests, warmUp: boolean): Promise<void> {
    for (const entry of group) {
      const started = performance.now();
      const before = process.cpuUsage();
      const response = await app.request(entry.request.path, { method: entry.request.method, headers: entry.request.headers, body: entry.body });
      await response.arrayBuffer();
      const used = process.cpuUsage(before);
      entry.status = response.status;
      if (warmUp) continue;
      entry.cpu.push((used.user + used.system) / 1000);
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
  const model = await post("/api/training/v1/preview/models", { project: "support-bot", name: "hostile", base_model: "OpenPipe/Qwen3-14B-Instruct" });
  const queue = await post("/api/trace/annotation_queues", { project_id: "demo/support-bot", name: "hostile" });
  return { modelId: model.id, queueId: queue.id };
}
