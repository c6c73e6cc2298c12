import { ItemsQueryRequest } from "../../contract/trace";
import { createApp, SERVICE_PATHS } from "../../server/app";
import { listen } from "../../server/http/node-server";
import { DEMO_USERS } from "../../server/auth/users";
import { openDatabase } from "../../server/db/database";
import { itemsAnswerJson } from "../../server/trace/item-json";
import { queryItemRows } from "../../server/trace/items-query";
import { createJobRunner } from "../../server/training/job-runner";
import { itemsDatabase } from "../fixtures/items-db";
import type { Profile } from "../lib/profile";
import { median, summarize, type Summary } from "../lib/stats";
import { timeAsync, timeSync } from "../lib/timing";
import { queueFacts, requestsOf, SHAPES } from "./shapes";

export type HttpShapeResult = {
  shape: string;
  /** The planned query alone: the page's rows and positions (`queryItemRows`). */
  sql: Summary;
  /** Writing those rows as the answer's JSON text (`itemsAnswerJson`). */
  json: Summary;
  /** Both, back to back: what the route computes between validation and the response. */
  inProcess: Summary;
  /** Through `app.fetch` (no socket). */
  http: Summary;
  /** Through a real loopback socket to the app's Node server (keep-alive, as a browser). */
  socket: Summary;
  responseBytes: number;
};
export type HttpResult = { size: number; shapes: HttpShapeResult[] };

/** The answer's body length; a non-200 answer fails the benchmark with what it said. */
async function answered(response: Response): Promise<number> {
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`items query over HTTP answered ${response.status}: ${text.slice(0, 300)}`);
  return text.length;
}

/**
 * The same requests as the in-process benchmark, sent through the whole app (`app.fetch`: routing,
 * API key check, request validation, the query, JSON serialisation and the body read back): the
 * difference is what HTTP handling adds on top of the query. Then once more over a loopback socket
 * to the app served by the local server's own Node listener (in this process, one request at a
 * time, keep-alive): what a browser's request costs, parsing and writing the bytes included.
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
  const server = await listen(app, { hostname: "127.0.0.1", port: 0 });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const headers = { Authorization: `Bearer ${DEMO_USERS[0].apiKey}`, "Content-Type": "application/json" };
  try {
    const queue = queueFacts(db, cached.manifest.queueId);
    const path = `${SERVICE_PATHS.trace}/annotation_queues/${queue.id}/items/query`;
    const send = async (body: string) =>
      answered(await app.fetch(new Request(`http://bench.local${path}`, { method: "POST", headers, body })));
    const sendOverSocket = async (body: string) =>
      answered(await fetch(`${origin}${path}`, { method: "POST", headers, body }));
    const shapes: HttpShapeResult[] = [];
    for (const [index, shape] of SHAPES.entries()) {
      const requests = requestsOf(shape, index, queue, profile.items.runs + 1);
      const bodies = requests.map((r) => JSON.stringify(r));
      await send(bodies[0] as string); // warm-up
      await sendOverSocket(bodies[0] as string); // warm-up, and the connection kept alive
      const http: number[] = [];
      const socket: number[] = [];
      const inProcess: number[] = [];
      const sql: number[] = [];
      const json: number[] = [];
      const bytes: number[] = [];
      for (const [i, body] of bodies.entries()) {
        if (i === 0) continue;
        const t = await timeAsync(() => send(body));
        http.push(t.wall);
        bytes.push(t.value);
        socket.push((await timeAsync(() => sendOverSocket(body))).wall);
        const request = ItemsQueryRequest.parse(requests[i]);
        const rows = timeSync(() => queryItemRows(db, queue, request));
        const text = timeSync(() => itemsAnswerJson(rows.value, queue.id));
        sql.push(rows.wall);
        json.push(text.wall);
        inProcess.push(rows.wall + text.wall);
      }
      const result = {
        shape: shape.name,
        sql: summarize(sql),
        json: summarize(json),
        inProcess: summarize(inProcess),
        http: summarize(http),
        socket: summarize(socket),
        responseBytes: median(bytes),
      };
      console.info(
        `    HTTP ${size}: ${shape.name.padEnd(46)} socket p50 ${result.socket.p50} p95 ${result.socket.p95} ms | app.fetch p95 ${result.http.p95} ms | SQL p95 ${result.sql.p95} JSON p95 ${result.json.p95} ms`,
      );
      shapes.push(result);
    }
    return { size, shapes };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runner.stop();
    db.close();
  }
}
