import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as weave from "weave";
import { startSdkServer, type SdkServer } from "./sdk-server";

// The official weave npm package, unmodified, traces against the local services over HTTP: nested
// ops, a failing op, a 1 MB output and a call still running; then the calls are read back through
// /calls/stream_query, queued and annotated as the dashboard does with seeded calls.

const PROJECT = "demo/sdk-calls";
type Row = Record<string, unknown> & {
  id: string;
  parent_id: string | null;
  trace_id: string;
  started_at: string;
  ended_at: string | null;
  summary: { weave: { status: string; latency_ms: number | null }; usage?: unknown };
};
type Sent = { path: string; status: number; bytes: number };

let server: SdkServer;
let client: Awaited<ReturnType<typeof weave.init>>;
const sent: Sent[] = [];
const logged: string[] = [];
const workingDir = process.cwd();
/** Where the SDK would write weaveErrors.log (it appends a refused batch there): kept out of the repository, and checked. */
const sdkDir = mkdtempSync(join(tmpdir(), "weave-sdk-cwd-"));
const realFetch = globalThis.fetch;

/** A request to the trace service with the demo key, as the dashboard sends it. */
async function trace(path: string, body: unknown): Promise<{ status: number; text: string; json: () => any }> {
  const response = await realFetch(`${server.trace}${path}`, {
    method: "POST",
    headers: { Authorization: "Bearer local-demo-key", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

async function callsOf(filter: Record<string, unknown>): Promise<Row[]> {
  const res = await trace("/calls/stream_query", {
    project_id: PROJECT,
    filter,
    sort_by: [{ field: "started_at", direction: "asc" }],
  });
  expect(res.status).toBe(200);
  return res.text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
}

/** Polls until `check` passes (the SDK sends its batch 200 ms after a call starts). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ids = () => weave.requireCurrentCallStackEntry();

// The traced application: a chat op (with usage), a retriever, a failing tool, a big report.
const retrieve = weave.op(
  async function retrieve(query: string) {
    return [`doc about ${query}`];
  },
  { name: "retriever.search" },
);
const chat = weave.op(
  async function chat(messages: { role: string; content: string }[]) {
    return { choices: [{ message: { role: "assistant", content: `You asked: ${messages.at(-1)?.content}` } }] };
  },
  {
    name: "openai.chat.completions.create",
    summarize: () => ({ usage: { "gpt-4o-mini": { prompt_tokens: 12, completion_tokens: 7 } } }),
  },
);
const failingTool = weave.op(async function refundTool(orderId: string) {
  throw new Error(`Order ${orderId} not found`);
});
const bigReport = weave.op(async function bigReport() {
  return "x".repeat(1_000_000);
});

let gateOpen: () => void = () => {};
const gate = new Promise<void>((resolve) => (gateOpen = resolve));
const slowOp = weave.op(async function slowOp(seen: (entry: { callId: string; traceId: string }) => void) {
  seen(ids());
  await gate;
  return "finally";
});

type Trace = { rootId: string; traceId: string; childIds: string[]; failedId: string };
const answer = weave.op(async function supportAnswer(question: string): Promise<{ reply: string; trace: Trace }> {
  const { callId, traceId } = ids();
  const docs = await retrieve(question);
  const completion = await chat([
    { role: "system", content: docs.join("\n") },
    { role: "user", content: question },
  ]);
  let failedId = "";
  const tracked = weave.op(async function lookupOrder() {
    failedId = ids().callId;
    return failingTool("A-17");
  });
  await tracked().catch(() => undefined);
  return { reply: completion.choices[0]!.message.content, trace: { rootId: callId, traceId, childIds: [], failedId } };
});

beforeAll(async () => {
  server = await startSdkServer();
  process.chdir(sdkDir);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const response = await realFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body;
    sent.push({
      path: url.pathname.replace(/^\/api\/trace/, ""),
      status: response.status,
      bytes: typeof body === "string" ? body.length : 0,
    });
    return response;
  });
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation(
      (...args: unknown[]) =>
        void logged.push(
          args
            .map((a) => (a instanceof Error ? a.message : String(a)))
            .join(" ")
            .slice(0, 200),
        ),
    );
  }
  client = await weave.init(PROJECT);
}, 60_000);

afterAll(async () => {
  process.chdir(workingDir);
  vi.restoreAllMocks();
  await server?.stop();
  rmSync(sdkDir, { recursive: true, force: true });
});

describe("the weave SDK (npm weave, unmodified) against the local trace service", () => {
  let traced: Trace;
  const before = Date.now();

  it("traces nested ops, a failure and a 1 MB output; the calls read back with their parents, trace, timings and status", async () => {
    const result = await answer("Where is my refund?");
    traced = result.trace;
    expect(result.reply).toBe("You asked: Where is my refund?");
    await expect(bigReport()).resolves.toHaveLength(1_000_000);
    await client.waitForBatchProcessing();
    const after = Date.now();

    const rows = await callsOf({ trace_ids: [traced.traceId] });
    const byOp = (name: string) =>
      rows.filter((r) => (r.op_name as string).startsWith(`weave:///${PROJECT}/op/${name}:`));
    const [root] = byOp("supportAnswer");
    expect(root).toMatchObject({
      id: traced.rootId,
      parent_id: null,
      trace_id: traced.traceId,
      wb_user_id: "user-demo",
      exception: null,
    });
    // The SDK names arguments arg0, arg1, ... unless the op is given parameterNames.
    expect(root?.inputs).toEqual({ arg0: "Where is my refund?" });
    expect(root?.summary.weave.status).toBe("success");
    // The SDK rolls its children's usage up into the parent's summary, and the server keeps it.
    expect(root?.summary.usage).toEqual({ "gpt-4o-mini": { requests: 1, prompt_tokens: 12, completion_tokens: 7 } });
    const [retrieved] = byOp("retriever.search");
    const [completed] = byOp("openai.chat.completions.create");
    const [lookup] = byOp("lookupOrder");
    const [failed] = byOp("refundTool");
    expect([retrieved, completed, lookup].map((r) => r?.parent_id)).toEqual([
      traced.rootId,
      traced.rootId,
      traced.rootId,
    ]);
    expect(failed).toMatchObject({ parent_id: traced.failedId, exception: "Order A-17 not found", output: null });
    expect(failed?.summary.weave.status).toBe("error");
    expect(lookup).toMatchObject({ id: traced.failedId, exception: "Order A-17 not found" });
    expect(completed?.output).toEqual({
      choices: [{ message: { role: "assistant", content: "You asked: Where is my refund?" } }],
    });
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const started = Date.parse(row.started_at);
      const ended = Date.parse(row.ended_at!);
      expect(started).toBeGreaterThanOrEqual(before - 1);
      expect(ended).toBeLessThanOrEqual(after + 1);
      expect(row.summary.weave.latency_ms).toBe(ended - started);
    }
    // Children start after their parent and end before it.
    for (const child of rows.filter((r) => r.parent_id === traced.rootId)) {
      expect(Date.parse(child.started_at)).toBeGreaterThanOrEqual(Date.parse(root!.started_at));
      expect(Date.parse(child.ended_at!)).toBeLessThanOrEqual(Date.parse(root!.ended_at!));
    }

    const [report] = (await callsOf({ trace_roots_only: true })).filter((r) =>
      (r.op_name as string).includes("/op/bigReport:"),
    );
    expect(report?.output).toBe("x".repeat(1_000_000));
    expect(report?.summary.weave.status).toBe("success");
  });

  it("shows a call that has started and not ended as running, then as a success once it ends", async () => {
    let seen: { callId: string; traceId: string } | undefined;
    const running = slowOp((entry) => (seen = entry));
    const [call] = await eventually(
      () => (seen ? callsOf({ call_ids: [seen.callId] }) : Promise.resolve([])),
      (found) => found.length === 1,
      "the slow op's start",
    );
    expect(call).toMatchObject({
      ended_at: null,
      output: null,
      summary: { weave: { status: "running", latency_ms: null } },
    });
    gateOpen();
    await expect(running).resolves.toBe("finally");
    await client.waitForBatchProcessing();
    const [done] = await callsOf({ call_ids: [seen!.callId] });
    expect(done).toMatchObject({ output: "finally", summary: { weave: { status: "success" } } });
  });

  it("names calls as the SDK asks: a display name on the start, and a rename through /call/update", async () => {
    const greet = weave.op(
      async function greet(name: string) {
        return `Hello ${name}`;
      },
      { callDisplayName: (name: string) => `Greeting ${name}` },
    );
    let callId = "";
    await weave.op(async function outer() {
      callId = ids().callId;
      return greet("Ana");
    })();
    await client.waitForBatchProcessing();
    const [child] = await callsOf({ parent_ids: [callId] });
    expect(child?.display_name).toBe("Greeting Ana");
    await client.updateCall(callId, "Renamed by the SDK");
    const [outer] = await callsOf({ call_ids: [callId] });
    expect(outer?.display_name).toBe("Renamed by the SDK");
  });

  it("lets a traced call be queued, reviewed and annotated like a seeded one", async () => {
    const spec = await trace("/obj/create", {
      obj: {
        project_id: PROJECT,
        object_id: "helpful",
        val: { field_schema: { type: "integer", minimum: 1, maximum: 5 } },
        builtin_object_class: "AnnotationSpec",
      },
    });
    expect(spec.status).toBe(200);
    const specRef = `weave:///${PROJECT}/object/helpful:${spec.json().digest}`;
    const queue = await trace("/annotation_queues", {
      project_id: PROJECT,
      name: "SDK traces",
      scorer_refs: [specRef],
    });
    expect(queue.status).toBe(200);
    const queueId = queue.json().id as string;
    const added = await trace(`/annotation_queues/${queueId}/items`, {
      project_id: PROJECT,
      call_ids: [traced.rootId, traced.failedId],
      display_fields: ["inputs.question"],
    });
    expect(added.json()).toEqual({ added_count: 2, duplicates: 0 });
    const items = (await trace(`/annotation_queues/${queueId}/items/query`, { project_id: PROJECT })).json().items as {
      id: string;
      call_id: string;
      call_op_name: string;
      call_trace_id: string;
    }[];
    const item = items.find((i) => i.call_id === traced.rootId)!;
    expect(item).toMatchObject({
      call_trace_id: traced.traceId,
      call_op_name: expect.stringMatching(new RegExp(`^weave:///${PROJECT}/op/supportAnswer:`)),
    });

    const feedback = await trace("/feedback/create", {
      project_id: PROJECT,
      weave_ref: `weave:///${PROJECT}/call/${traced.rootId}`,
      feedback_type: "wandb.annotation.helpful",
      annotation_ref: specRef,
      payload: { value: 4 },
    });
    expect(feedback.status).toBe(200);
    expect(
      (
        await trace(`/annotation_queues/${queueId}/items/${item.id}/progress`, {
          project_id: PROJECT,
          annotation_state: "completed",
        })
      ).status,
    ).toBe(200);
    const stats = (await trace("/annotation_queues/stats", { project_id: PROJECT, queue_ids: [queueId] })).json().stats;
    expect(stats).toEqual([{ queue_id: queueId, total_items: 2, completed_items: 1 }]);
    const res = await trace("/calls/stream_query", {
      project_id: PROJECT,
      filter: { call_ids: [traced.rootId] },
      include_feedback: true,
    });
    const [withFeedback] = res.text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row & { summary: { weave: { feedback: { payload: unknown }[] } } });
    expect(withFeedback?.summary.weave.feedback.map((f) => f.payload)).toEqual([{ value: 4 }]);
  });

  it("sent every call in upsert batches the service took, none dropped or retried", () => {
    const batches = sent.filter((s) => s.path === "/call/upsert_batch");
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.map((b) => b.status)).toEqual(batches.map(() => 200));
    // /obj/create saved each op; the SDK logged no failed batch (it would have written weaveErrors.log).
    expect(sent.filter((s) => s.path === "/obj/create").map((s) => s.status)).toContain(200);
    expect(existsSync(join(sdkDir, "weaveErrors.log"))).toBe(false);
    expect(logged.filter((line) => line.includes("Error processing batch"))).toEqual([]);
    // For the report: the endpoints the SDK reached and what they answered.
    const answered = [...new Set(sent.map((s) => `${s.path} ${s.status}`))].sort();
    console.info(
      `weave SDK requests: ${answered.join(", ")}; batches: ${batches.map((b) => b.bytes).join(", ")} characters; SDK logged: ${[...new Set(logged)].join(" | ").slice(0, 600)}`,
    );
  });
});
