import { ItemsQueryRequest } from "../../contract/trace";
import { createApp, SERVICE_PATHS } from "../../server/app";
import { DEMO_USERS } from "../../server/auth/users";
import { openDatabase } from "../../server/db/database";
import { queryItems } from "../../server/trace/items-query";
import { createJobRunner } from "../../server/training/job-runner";
import { itemsDatabase } from "../fixtures/items-db";
import type { Profile } from "../lib/profile";
import { median, summarize, type Summary } from "../lib/stats";
import { timeAsync, timeSync } from "../lib/timing";
import { queueFacts, requestsOf, SHAPES } from "./shapes";

export type HttpShapeResult = { shape: string; inProcess: Summary; http: Summary; responseBytes: number };
export type HttpResult = { size: number; shapes: HttpShapeResult[] };

/**
 * The same requests as the in-process benchmark, sent through the whole app (`app.fetch`: routing,
 * API key check, request validation, the query, JSON serialisation and the body read back): the
 * difference is what HTTP handling adds on top of the query. No socket: the load benchmark has those.
 */
export async function benchItemsHttp(
  size: number,
  profile: Profile,
  options: { rebuild: boolean },
): Promise<HttpResult> {
  const cached = itemsDatabase(size, options);
  const db = openDatabase(cached.file);
  const runner = createJobRunner(db, { stepMs: 0 });
  const app = createApp({ db, runner });
  const headers = { Authorization: `Bearer ${DEMO_USERS[0].apiKey}`, "Content-Type": "application/json" };
  try {
    const queue = queueFacts(db, cached.manifest.queueId);
    const url = `http://bench.local${SERVICE_PATHS.trace}/annotation_queues/${queue.id}/items/query`;
    const send = async (body: string) => {
      const response = await app.fetch(new Request(url, { method: "POST", headers, body }));
      const text = await response.text();
      if (response.status !== 200)
        throw new Error(`items query over HTTP answered ${response.status}: ${text.slice(0, 300)}`);
      return text.length;
    };
    const shapes: HttpShapeResult[] = [];
    for (const [index, shape] of SHAPES.entries()) {
      const requests = requestsOf(shape, index, queue, profile.items.runs + 1);
      const bodies = requests.map((r) => JSON.stringify(r));
      await send(bodies[0] as string); // warm-up
      const http: number[] = [];
      const inProcess: number[] = [];
      const bytes: number[] = [];
      for (const [i, body] of bodies.entries()) {
        if (i === 0) continue;
        const t = await timeAsync(() => send(body));
        http.push(t.wall);
        bytes.push(t.value);
        inProcess.push(timeSync(() => queryItems(db, queue, ItemsQueryRequest.parse(requests[i]))).wall);
      }
      const result = {
        shape: shape.name,
        inProcess: summarize(inProcess),
        http: summarize(http),
        responseBytes: median(bytes),
      };
      console.info(
        `    HTTP ${size}: ${shape.name.padEnd(46)} p50 ${result.http.p50} p95 ${result.http.p95} ms (in process p95 ${result.inProcess.p95} ms)`,
      );
      shapes.push(result);
    }
    return { size, shapes };
  } finally {
    await runner.stop();
    db.close();
  }
}
