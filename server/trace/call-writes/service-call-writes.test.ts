import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits";
import { Call } from "../../../contract/trace";
import { ACME_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { SERVER_INFO } from "../server-info-routes";

const API = "/api/trace";
const PROJECT = "demo/byo-traces";
const OP = `weave:///${PROJECT}/op/answer:v1`;
const CHILD_OP = `weave:///${PROJECT}/op/retrieve:v1`;
type App = ReturnType<typeof createTestApp>["app"];

const post = (app: App, path: string, body: unknown, key?: string) =>
  call(app, "POST", `${API}${path}`, { body, headers: bearer(key) });

const start = (id: string, rest: Record<string, unknown> = {}) => ({
  project_id: PROJECT,
  id,
  op_name: OP,
  trace_id: "trace-1",
  started_at: "2026-11-24T10:00:00.000Z",
  attributes: { weave: { source: "js-sdk" } },
  inputs: { question: `Question of ${id}` },
  ...rest,
});
const end = (id: string, rest: Record<string, unknown> = {}) => ({
  project_id: PROJECT,
  id,
  ended_at: "2026-11-24T10:00:01.250Z",
  output: { answer: `Answer of ${id}` },
  summary: { usage: { "gpt-4o": { requests: 1, total_tokens: 42 } } },
  ...rest,
});
const startItem = (id: string, rest: Record<string, unknown> = {}) => ({
  mode: "start",
  req: { start: start(id, rest) },
});
const endItem = (id: string, rest: Record<string, unknown> = {}) => ({ mode: "end", req: { end: end(id, rest) } });

async function read(app: App, id: string, projectId = PROJECT) {
  const res = await post(app, "/call/read", { project_id: projectId, id });
  expect(res.status).toBe(200);
  return res.json.call as Record<string, unknown> | null;
}

async function streamed(app: App, body: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const res = await post(app, "/calls/stream_query", { project_id: PROJECT, ...body });
  expect(res.status).toBe(200);
  return res.text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const weaveOf = (row: Record<string, unknown> | null) =>
  (row?.summary as { weave: Record<string, unknown> } | undefined)?.weave;
const locs = (res: { json: { detail: { loc: unknown[] }[] } }) => res.json.detail.map((d) => d.loc);

describe("POST /call/start and /call/end", () => {
  it("stores a started call as running, then completes it with the end; the user comes from the key", async () => {
    const { app } = createTestApp();
    const started = await post(app, "/call/start", {
      start: start("c1", { wb_user_id: "someone-else", wb_run_id: "run-7", thread_id: "th-1", display_name: "First" }),
    });
    expect(started.status).toBe(200);
    expect(started.json).toEqual({ id: "c1", trace_id: "trace-1" });
    const running = await read(app, "c1");
    expect(running).toMatchObject({
      ended_at: null,
      wb_user_id: "user-demo",
      wb_run_id: "run-7",
      thread_id: "th-1",
      display_name: "First",
      attributes: { weave: { source: "js-sdk" } },
    });
    expect(weaveOf(running)).toEqual({ status: "running", latency_ms: null });
    // The run and thread ids it carried are filters of the calls query.
    expect((await streamed(app, { filter: { wb_run_ids: ["run-7"], thread_ids: ["th-1"] } })).map((r) => r.id)).toEqual(
      ["c1"],
    );
    expect(await streamed(app, { filter: { wb_run_ids: ["run-8"] } })).toEqual([]);

    const ended = await post(app, "/call/end", { end: end("c1") });
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({});
    const done = await read(app, "c1");
    expect(() => Call.parse(done)).not.toThrow();
    expect(done).toMatchObject({
      started_at: "2026-11-24T10:00:00.000Z",
      ended_at: "2026-11-24T10:00:01.250Z",
      output: { answer: "Answer of c1" },
      exception: null,
    });
    expect(done?.summary).toEqual({
      usage: { "gpt-4o": { requests: 1, total_tokens: 42 } },
      weave: { status: "success", latency_ms: 1250 },
    });
  });

  it("generates the id and trace id when the start has none, as upstream", async () => {
    const { app } = createTestApp();
    const res = await post(app, "/call/start", { start: start("ignored", { id: null, trace_id: null }) });
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.trace_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await read(app, res.json.id)).toMatchObject({ trace_id: res.json.trace_id });
  });

  it("derives the status from the exception whatever the summary claims, and merges the end's summary into the stored one", async () => {
    const { app } = createTestApp();
    await post(app, "/call/start", { start: start("c1") });
    await post(app, "/call/end", {
      end: end("c1", {
        exception: "ValueError: no refund",
        output: null,
        summary: { weave: { status: "success", latency_ms: 1, trace_name: "answer" }, status_counts: { error: 1 } },
      }),
    });
    const row = await read(app, "c1");
    expect(row).toMatchObject({ exception: "ValueError: no refund", output: null });
    expect(row?.summary).toEqual({
      status_counts: { error: 1 },
      weave: { status: "error", latency_ms: 1250, trace_name: "answer" },
    });
    // A second end (an SDK retrying) replaces the end's fields and merges its summary again.
    await post(app, "/call/end", { end: end("c1", { summary: { usage: { m: { requests: 2 } } } }) });
    expect((await read(app, "c1"))?.summary).toEqual({
      status_counts: { error: 1 },
      usage: { m: { requests: 2 } },
      weave: { status: "success", latency_ms: 1250, trace_name: "answer" },
    });
  });

  it("takes pydantic's date forms: an offset, no offset (UTC), epoch seconds", async () => {
    const { app } = createTestApp();
    await post(app, "/call/start", { start: start("a", { started_at: "2026-11-24T12:00:00.123456+02:00" }) });
    await post(app, "/call/start", { start: start("b", { started_at: "2026-11-24T10:00:00" }) });
    await post(app, "/call/start", { start: start("c", { started_at: 1_795_000_000.5 }) });
    expect((await read(app, "a"))?.started_at).toBe("2026-11-24T10:00:00.123Z");
    expect((await read(app, "b"))?.started_at).toBe("2026-11-24T10:00:00.000Z");
    expect((await read(app, "c"))?.started_at).toBe(new Date(1_795_000_000_500).toISOString());
  });
});

describe("POST /call/upsert_batch", () => {
  it("stores a trace of nested calls, a failure and a call that never ended, in order, answering each item", async () => {
    const { app } = createTestApp();
    const res = await post(app, "/call/upsert_batch", {
      batch: [
        startItem("root"),
        startItem("child", { op_name: CHILD_OP, parent_id: "root", started_at: "2026-11-24T10:00:00.100Z" }),
        endItem("child", { ended_at: "2026-11-24T10:00:00.400Z" }),
        startItem("failing", { parent_id: "root", started_at: "2026-11-24T10:00:00.500Z" }),
        endItem("failing", { exception: "TimeoutError", output: null, ended_at: "2026-11-24T10:00:00.900Z" }),
        startItem("hanging", { parent_id: "root", started_at: "2026-11-24T10:00:00.950Z" }),
        endItem("root"),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.res).toEqual([
      { id: "root", trace_id: "trace-1" },
      { id: "child", trace_id: "trace-1" },
      {},
      { id: "failing", trace_id: "trace-1" },
      {},
      { id: "hanging", trace_id: "trace-1" },
      {},
    ]);
    const rows = await streamed(app, { filter: { trace_ids: ["trace-1"] } });
    expect(rows.map((r) => [r.id, r.parent_id, weaveOf(r)?.status, weaveOf(r)?.latency_ms])).toEqual([
      ["root", null, "success", 1250],
      ["child", "root", "success", 300],
      ["failing", "root", "error", 400],
      ["hanging", "root", "running", null],
    ]);
    expect(await streamed(app, { filter: { trace_roots_only: true }, columns: ["id"] })).toEqual([
      expect.objectContaining({ id: "root" }),
    ]);
  });

  it("applies an end that comes before its start, in one batch or in an earlier one", async () => {
    const { app } = createTestApp();
    expect((await post(app, "/call/upsert_batch", { batch: [endItem("x"), startItem("x")] })).status).toBe(200);
    expect(weaveOf(await read(app, "x"))).toEqual({ status: "success", latency_ms: 1250 });

    expect((await post(app, "/call/upsert_batch", { batch: [endItem("y", { exception: "boom" })] })).status).toBe(200);
    expect(await read(app, "y")).toBeNull(); // not a call until it has started, as upstream
    expect(await streamed(app, { filter: { call_ids: ["y"] } })).toEqual([]);
    await post(app, "/call/upsert_batch", { batch: [startItem("y")] });
    expect(await read(app, "y")).toMatchObject({ exception: "boom", ended_at: "2026-11-24T10:00:01.250Z" });
  });

  it("keeps the end when a batch is sent again (the SDKs retry), and the per-day counts stay exact", async () => {
    const { app } = createTestApp();
    const batch = [
      startItem("r1"),
      startItem("r2", { op_name: CHILD_OP, parent_id: "r1" }),
      endItem("r2"),
      endItem("r1"),
    ];
    await post(app, "/call/upsert_batch", { batch });
    await post(app, "/call/upsert_batch", { batch: batch.slice(0, 2) });
    expect(weaveOf(await read(app, "r1"))?.status).toBe("success");
    const count = async (filter: Record<string, unknown>) =>
      (await post(app, "/calls/query_stats", { project_id: PROJECT, filter })).json.count as number;
    expect(await count({})).toBe(2);
    expect(await count({ op_names: [`weave:///${PROJECT}/op/answer:*`] })).toBe(1);
    expect(await count({ trace_roots_only: true })).toBe(1);
  });

  it("is all or nothing: a batch with one invalid item stores none of it", async () => {
    const { app } = createTestApp();
    const res = await post(app, "/call/upsert_batch", {
      batch: [startItem("ok"), startItem("bad", { started_at: "yesterday" })],
    });
    expect(res.status).toBe(422);
    expect(locs(res)).toEqual([["body", "batch", 1, "req", "start", "started_at"]]);
    expect(await read(app, "ok")).toBeNull();
  });
});

describe("POST /call/update", () => {
  it("renames a call, and a rename that comes before the call's start is applied when it starts", async () => {
    const { app } = createTestApp();
    await post(app, "/call/start", { start: start("c1") });
    expect(
      (
        await post(app, "/call/update", {
          project_id: PROJECT,
          call_id: "c1",
          display_name: "Refund question",
          wb_user_id: "x",
        })
      ).json,
    ).toEqual({});
    expect((await read(app, "c1"))?.display_name).toBe("Refund question");

    expect(
      (await post(app, "/call/update", { project_id: PROJECT, call_id: "later", display_name: "Early name" })).status,
    ).toBe(200);
    await post(app, "/call/upsert_batch", { batch: [startItem("later"), endItem("later")] });
    expect(await read(app, "later")).toMatchObject({
      display_name: "Early name",
      ended_at: "2026-11-24T10:00:01.250Z",
    });
  });

  it("refuses an update that changes nothing (400) and a name over the bound (422)", async () => {
    const { app } = createTestApp();
    const none = await post(app, "/call/update", { project_id: PROJECT, call_id: "c1" });
    expect(none.status).toBe(400);
    expect(none.json.reason).toMatch(/display_name/);
    const long = await post(app, "/call/update", {
      project_id: PROJECT,
      call_id: "c1",
      display_name: "n".repeat(LIMITS.callDisplayNameLength + 1),
    });
    expect(long.status).toBe(422);
    expect(locs(long)).toEqual([["body", "display_name"]]);
    expect(long.json.detail[0].msg).toBe(`String should have at most ${LIMITS.callDisplayNameLength} character(s)`);
  });
});

describe("POST /calls/delete", () => {
  it("deletes the calls and all their descendants, leaves the rest, skips unknown ids", async () => {
    const { app } = createTestApp();
    await post(app, "/call/upsert_batch", {
      batch: [
        startItem("a"),
        startItem("a1", { parent_id: "a" }),
        startItem("a11", { parent_id: "a1" }),
        startItem("b", { trace_id: "trace-2" }),
        startItem("b1", { parent_id: "b", trace_id: "trace-2" }),
      ],
    });
    const res = await post(app, "/calls/delete", { project_id: PROJECT, call_ids: ["a", "no-such-call"] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect((await streamed(app, { columns: ["id"] })).map((r) => r.id)).toEqual(["b", "b1"]);
    expect(
      (await post(app, "/calls/query_stats", { project_id: PROJECT, filter: { trace_roots_only: true } })).json.count,
    ).toBe(1);
  });

  it("refuses to delete a call that is in an annotation queue, naming it, and deletes nothing", async () => {
    const { app } = createTestApp();
    await post(app, "/call/upsert_batch", {
      batch: [startItem("p"), startItem("q", { parent_id: "p" }), endItem("q"), endItem("p")],
    });
    const queue = await post(app, "/annotation_queues", { project_id: PROJECT, name: "Review" });
    await post(app, `/annotation_queues/${queue.json.id}/items`, { project_id: PROJECT, call_ids: ["q"] });
    const res = await post(app, "/calls/delete", { project_id: PROJECT, call_ids: ["p"] });
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe(
      "Calls in an annotation queue cannot be deleted, their annotations refer to them: 'q' (queue 'Review'). Nothing was deleted.",
    );
    expect(await read(app, "p")).not.toBeNull();
  });

  it(`refuses more than ${LIMITS.callsPerDelete} ids at once, as upstream`, async () => {
    const { app } = createTestApp();
    const res = await post(app, "/calls/delete", {
      project_id: PROJECT,
      call_ids: Array.from({ length: LIMITS.callsPerDelete + 1 }, (_, i) => `c${i}`),
    });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({
      loc: ["body", "call_ids"],
      msg: `List should have at most ${LIMITS.callsPerDelete} item(s)`,
    });
  });
});

describe("bounds, tenants, malformed bodies", () => {
  it("answers /server_info without a key", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", `${API}/server_info`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(SERVER_INFO);
  });

  it("takes a 1 MB output, and refuses inputs or output over 3.5 MiB naming the field and the bound", async () => {
    const { app } = createTestApp();
    await post(app, "/call/start", { start: start("big") });
    expect((await post(app, "/call/end", { end: end("big", { output: "x".repeat(1_000_000) }) })).status).toBe(200);
    expect((await read(app, "big"))?.output).toBe("x".repeat(1_000_000));

    const output = await post(app, "/call/end", {
      end: end("big", { output: { text: "y".repeat(LIMITS.callOutputBytes) } }),
    });
    expect(output.status).toBe(422);
    expect(output.json.detail).toEqual([
      {
        loc: ["body", "end", "output"],
        msg: `must be at most ${LIMITS.callOutputBytes} bytes (3.5 MiB) as JSON`,
        type: "value_error",
      },
    ]);
    // Bytes, not characters: 1.3M three-byte characters are 3.9 MB.
    const inputs = await post(app, "/call/upsert_batch", {
      batch: [startItem("wide", { inputs: { text: "€".repeat(1_300_000) } })],
    });
    expect(inputs.status).toBe(422);
    expect(locs(inputs)).toEqual([["body", "batch", 0, "req", "start", "inputs"]]);
  });

  it(`refuses a batch of more than ${LIMITS.callsPerBatch} starts and ends`, { timeout: 30_000 }, async () => {
    const { app } = createTestApp();
    const item = endItem("same");
    const res = await post(app, "/call/upsert_batch", {
      batch: Array.from({ length: LIMITS.callsPerBatch + 1 }, () => item),
    });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({
      loc: ["body", "batch"],
      type: "too_long",
      msg: expect.stringContaining(`at most ${LIMITS.callsPerBatch} items`),
    });
  });

  it("answers 403 for another tenant's project on every write, and stores nothing of a batch that names one", async () => {
    const { app } = createTestApp();
    const other = "demo/support-bot";
    const writes: [string, unknown][] = [
      ["/call/start", { start: { ...start("t"), project_id: other } }],
      ["/call/end", { end: { ...end("t"), project_id: other } }],
      ["/call/upsert_batch", { batch: [{ mode: "start", req: { start: { ...start("t"), project_id: other } } }] }],
      ["/call/update", { project_id: other, call_id: "t", display_name: "x" }],
      ["/calls/delete", { project_id: other, call_ids: ["t"] }],
    ];
    for (const [path, body] of writes)
      expect([path, (await post(app, path, body, ACME_KEY)).status]).toEqual([path, 403]);
    const mixed = await post(app, "/call/upsert_batch", {
      batch: [startItem("mine"), { mode: "start", req: { start: { ...start("theirs"), project_id: "acme/claims" } } }],
    });
    expect(mixed.status).toBe(403);
    expect(await read(app, "mine")).toBeNull();
  });

  it.each([
    ["/call/start", {}, [["body", "start"]]],
    [
      "/call/start",
      { start: { project_id: PROJECT, op_name: OP } },
      [
        ["body", "start", "started_at"],
        ["body", "start", "attributes"],
        ["body", "start", "inputs"],
      ],
    ],
    [
      "/call/end",
      { end: { project_id: PROJECT, id: "c", ended_at: "2026-11-24T10:00:00Z", summary: [] } },
      [["body", "end", "summary"]],
    ],
    ["/call/upsert_batch", { batch: [{ mode: "finish", req: {} }] }, [["body", "batch", 0, "mode"]]],
    ["/call/upsert_batch", { batch: {} }, [["body", "batch"]]],
    ["/call/update", { project_id: "no-slash", call_id: "c", display_name: "x" }, [["body", "project_id"]]],
    ["/calls/delete", { project_id: PROJECT, call_ids: [""] }, [["body", "call_ids", 0]]],
  ])("answers a malformed %s body with a 422 naming the field", async (path, body, expected) => {
    const { app } = createTestApp();
    const res = await post(app, path, body);
    expect(res.status).toBe(422);
    expect(locs(res)).toEqual(expected);
  });
});
