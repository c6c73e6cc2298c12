import { describe, expect, it } from "vitest";
import { bearer, call, createTestApp } from "../../testing/test-app";
import { LARGE_UPLOAD_BYTES, LARGE_UPLOADS_PER_ENTITY } from "../large-uploads";

const API = "/api/trace";
const PROJECT = "demo/batch-worker";
type App = ReturnType<typeof createTestApp>["app"];

const start = (id: string, rest: Record<string, unknown> = {}) => ({
  mode: "start",
  req: {
    start: {
      project_id: PROJECT,
      id,
      op_name: `weave:///${PROJECT}/op/answer:v1`,
      trace_id: "t1",
      started_at: "2026-11-24T10:00:00Z",
      attributes: { a: 1 },
      inputs: { q: `é ${id} 😀` },
      ...rest,
    },
  },
});
const end = (id: string, rest: Record<string, unknown> = {}) => ({
  mode: "end",
  req: {
    end: {
      project_id: PROJECT,
      id,
      ended_at: "2026-11-24T10:00:02Z",
      output: { answer: [1, "two", null] },
      summary: { usage: { m: { requests: 1 } } },
      ...rest,
    },
  },
});

const post = (app: App, path: string, body: unknown, key?: string) =>
  call(app, "POST", `${API}${path}`, { body, headers: bearer(key) });

/** What the service answers and stores for `batch`, with every batch body sent to the upload worker or none. */
async function outcome(throughWorker: boolean, batch: unknown[]) {
  const { app } = createTestApp({ bulkOffThreadBytes: throughWorker ? 0 : Number.MAX_SAFE_INTEGER });
  const answer = await post(app, "/call/upsert_batch", { batch });
  const calls = await post(app, "/calls/stream_query", { project_id: PROJECT });
  return { status: answer.status, json: answer.json, stored: calls.text };
}

/** The stored calls' JSON lines with the generated ids named, in a fixed order. */
function callLines(stored: string, generated: Record<string, string>): string[] {
  const named = stored.replaceAll(generated.id!, "ID").replaceAll(generated.trace_id!, "TRACE");
  return named
    .split("\n")
    .filter((line) => line !== "")
    .toSorted();
}

describe("/call/upsert_batch in the upload worker", () => {
  it("stores and answers a batch exactly as the event loop does: starts, ends, an end before its start, a start without ids", async () => {
    const batch = [
      start("a"),
      end("b"),
      end("a"),
      start("b", { display_name: "B" }),
      start("c", { id: null, trace_id: null }),
    ];
    const [inWorker, onLoop] = [await outcome(true, batch), await outcome(false, batch)];
    expect(inWorker.status).toBe(200);
    const res = (inWorker.json as { res: Record<string, string>[] }).res;
    expect(res.slice(0, 4)).toEqual([{ id: "a", trace_id: "t1" }, {}, {}, { id: "b", trace_id: "t1" }]);
    expect(res[4]?.id).toMatch(/^[0-9a-f-]{36}$/);
    // The generated ids differ between the two apps (and so may their place in the listing, which
    // breaks ties by id); everything else is the same.
    const loopRes = (onLoop.json as { res: Record<string, string>[] }).res;
    expect(callLines(inWorker.stored, res[4]!)).toEqual(callLines(onLoop.stored, loopRes[4]!));
    expect(inWorker.stored).toContain('"output":{"answer":[1,"two",null]}');
  });

  it("refuses a bad batch with the same 422 from the worker as from the event loop, and stores nothing", async () => {
    const batch = [start("ok"), start("bad", { started_at: "yesterday" }), { mode: "finish", req: {} }];
    const [inWorker, onLoop] = [await outcome(true, batch), await outcome(false, batch)];
    expect(inWorker).toEqual(onLoop);
    expect(inWorker.status).toBe(422);
    expect((inWorker.json as { detail: { loc: unknown[] }[] }).detail.map((entry) => entry.loc.slice(0, 3))).toEqual([
      ["body", "batch", 1],
      ["body", "batch", 2],
    ]);
    expect(inWorker.stored).toBe("");
  });

  it(`counts a large batch among the entity's ${LARGE_UPLOADS_PER_ENTITY} large uploads in flight: one more is a 429`, async () => {
    const { app } = createTestApp();
    const body = JSON.stringify({ batch: [start("big", { inputs: { q: "x".repeat(LARGE_UPLOAD_BYTES) } })] });
    const headers = {
      ...bearer(),
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
    };
    const pending = Array.from({ length: LARGE_UPLOADS_PER_ENTITY }, () => {
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      const answer = app.request(`${API}/call/upsert_batch`, {
        method: "POST",
        headers,
        body: stream,
        duplex: "half",
      } as RequestInit);
      return { answer, finish: () => (controller!.enqueue(new TextEncoder().encode(body)), controller!.close()) };
    });
    const refused = await app.request(`${API}/call/upsert_batch`, { method: "POST", headers, body });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { reason: string }).reason).toContain("file, table or call batch bodies");
    for (const upload of pending) upload.finish();
    expect(await Promise.all(pending.map(async (upload) => (await upload.answer).status))).toEqual([200, 200]);
  });
});

describe("/call/upsert_batch streamed to the upload worker", () => {
  it("stores a batch sent in pieces with its Content-Length, many slices of rows long, as the event loop does", async () => {
    // More rows and characters than one slice (upload-worker/messages.ts) holds: several come back.
    const batch = Array.from({ length: 600 }, (_, i) => [
      start(`s${i}`, { inputs: { q: `${i} ${"é".repeat(1800)}` } }),
      end(`s${i}`),
    ]).flat();
    const body = new TextEncoder().encode(JSON.stringify({ batch }));
    expect(body.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const { app } = createTestApp({ bulkOffThreadBytes: 1024 * 1024 });
    const pieces = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.byteLength; at += 100_000) controller.enqueue(body.slice(at, at + 100_000));
        controller.close();
      },
    });
    const answer = await app.request(`${API}/call/upsert_batch`, {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json", "Content-Length": String(body.byteLength) },
      body: pieces,
      duplex: "half",
    } as RequestInit);
    expect(answer.status).toBe(200);
    const res = ((await answer.json()) as { res: Record<string, string>[] }).res;
    expect(res).toHaveLength(1200);
    expect(res.slice(0, 2)).toEqual([{ id: "s0", trace_id: "t1" }, {}]);
    expect(res.at(-2)).toEqual({ id: "s599", trace_id: "t1" });
    const stored = (await post(app, "/calls/stream_query", { project_id: PROJECT })).text;
    const onLoop = await outcome(false, batch);
    expect(stored.split("\n").toSorted()).toEqual(onLoop.stored.split("\n").toSorted());
  });

  it("refuses a bad streamed batch with the 422 of the event loop and stores nothing", async () => {
    const batch = Array.from({ length: 400 }, (_, i) => start(`ok${i}`, { inputs: { q: "x".repeat(3000) } }));
    batch.push(start("bad", { started_at: "yesterday" }));
    const text = JSON.stringify({ batch });
    const { app } = createTestApp({ bulkOffThreadBytes: 1024 * 1024 });
    const answer = await app.request(`${API}/call/upsert_batch`, {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)) },
      body: text,
    });
    expect(answer.status).toBe(422);
    const onLoop = await outcome(false, batch);
    expect(await answer.json()).toEqual(onLoop.json);
    expect((await post(app, "/calls/stream_query", { project_id: PROJECT })).text).toBe("");
  });
});
