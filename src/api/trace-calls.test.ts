import { describe, expect, it } from "vitest";
import type { Call } from "@contract/trace";
import { opRefOf, seedOpObjects } from "@server/trace/seed/op-objects";
import { createLocalServer } from "@/test/local-server";
import { storeCalls } from "@/test/stored-calls";
import { createApiClients } from "./clients";
import { editResponses, rejection } from "./test-support";
import { containsTextExpr, queryOf, startedRangeExprs } from "./trace-calls";

const PROJECT = "demo/support-bot";
const OPS = {
  answer: { name: "answer", source: "def answer(q): ..." },
  classify: { name: "classify", source: "def classify(q): ..." },
};

function call(i: number, overrides: Partial<Call> = {}): Call {
  return {
    id: `call-${i}`,
    project_id: PROJECT,
    op_name: opRefOf(PROJECT, i % 2 ? OPS.classify : OPS.answer),
    trace_id: `trace-${i}`,
    parent_id: i % 3 === 0 ? null : `call-${i - 1}`,
    started_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    ended_at: new Date(Date.UTC(2026, 0, 1, 0, i, 5)).toISOString(),
    inputs: { question: `Question ${i}` },
    output: { answer: i === 4 ? "A Refund is on its way" : `answer ${i}` },
    ...overrides,
  };
}

/** The local services with 10 calls of two ops; `seen` records the bodies the client sent. */
function setup() {
  const server = createLocalServer();
  const calls = Array.from({ length: 10 }, (_, i) => call(i));
  storeCalls(server.db, calls);
  seedOpObjects(server.db, PROJECT, [{ ...OPS.answer, createdAt: 1 }], "user-demo");
  const seen: { path: string; body: unknown }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.method === "POST")
      seen.push({
        path: new URL(request.url).pathname.replace(/^\/api\/trace/, ""),
        body: await request.clone().json(),
      });
    return server.fetch(request);
  };
  return { clients: createApiClients(server.settings, { fetch }), fetch, seen, calls, server };
}

describe("calls on the trace server", () => {
  it("reads a page of calls from NDJSON, each checked against the Call schema, with the key in a header", async () => {
    const { clients, server } = setup();
    const page = await clients.trace.queryCalls({
      project_id: PROJECT,
      sort_by: [{ field: "started_at", direction: "desc" }],
      limit: 3,
      offset: 1,
    });
    expect(page.map((c) => c.id)).toEqual(["call-8", "call-7", "call-6"]);
    expect(page[0]?.inputs).toEqual({ question: "Question 8" });
    expect(server.requests[0]?.headers.get("authorization")).toMatch(/^Basic /);
    expect(server.requests[0]?.url).not.toContain(server.settings.apiKey);
  });

  it("reads only ids when asked for them (columns: [id]) and counts matches with query_stats", async () => {
    const { clients, seen } = setup();
    const ids = await clients.trace.queryCallIds({
      project_id: PROJECT,
      filter: { trace_roots_only: true },
      sort_by: [{ field: "started_at", direction: "asc" }],
    });
    expect(ids).toEqual(["call-0", "call-3", "call-6", "call-9"]);
    expect(seen[0]?.body).toMatchObject({ columns: ["id"] });
    expect(await clients.trace.countCalls({ project_id: PROJECT, query: queryOf([containsTextExpr("refund")]) })).toBe(
      1,
    );
  });

  it("lists the project's ops as op objects (filter.is_op, values left out)", async () => {
    const { clients, seen } = setup();
    const ops = await clients.trace.queryOps(PROJECT);
    expect(ops.map((o) => `weave:///${PROJECT}/op/${o.object_id}:${o.digest}`)).toEqual([opRefOf(PROJECT, OPS.answer)]);
    expect(seen[0]).toMatchObject({
      path: "/objs/query",
      body: { project_id: PROJECT, filter: { is_op: true }, metadata_only: true },
    });
  });

  it("turns a 422 into a validation error naming the field, and a bad NDJSON line into invalid_response", async () => {
    const { clients, server, calls, fetch } = setup();
    const refused = await rejection(
      clients.trace.queryCalls({
        project_id: PROJECT,
        sort_by: [{ field: "started_at", direction: "sideways" as "asc" }],
      }),
    );
    expect(refused.kind).toBe("validation");
    expect(refused.fieldErrors.map((f) => f.path)).toContain("sort_by.0.direction");

    const badLines = editResponses(
      fetch,
      async (response) =>
        new Response(`${JSON.stringify(calls[0])}\n{"id": 1}\n`, { status: 200, headers: response.headers }),
    );
    const bad = await rejection(
      createApiClients(server.settings, { fetch: badLines }).trace.queryCalls({ project_id: PROJECT }),
    );
    expect(bad.kind).toBe("invalid_response");
    expect(bad.message).toMatch(/line 2/);
  });
});

describe("the query language the Calls page sends", () => {
  it("is one the service evaluates: a time range between two calls' starts finds the calls in it", async () => {
    const { clients } = setup();
    // Calls start a minute apart from 00:00: after 00:02:30 and before 00:05:00 are calls 3 and 4.
    const query = queryOf(
      startedRangeExprs({ after: new Date("2026-01-01T00:02:30Z"), before: new Date("2026-01-01T00:05:00Z") }),
    );
    const page = await clients.trace.queryCalls({
      project_id: PROJECT,
      query,
      sort_by: [{ field: "started_at", direction: "asc" }],
    });
    expect(page.map((c) => c.id)).toEqual(["call-3", "call-4"]);
    expect(await clients.trace.countCalls({ project_id: PROJECT, query })).toBe(2);
  });

  it("looks for text in inputs or output, ignoring case", () => {
    expect(containsTextExpr("Refund")).toEqual({
      $or: [
        { $contains: { input: { $getField: "inputs" }, substr: { $literal: "Refund" }, case_insensitive: true } },
        { $contains: { input: { $getField: "output" }, substr: { $literal: "Refund" }, case_insensitive: true } },
      ],
    });
  });

  it("compares started_at with seconds since the epoch, and ANDs several conditions", () => {
    const after = new Date("2026-01-01T00:02:30.900Z");
    const before = new Date("2026-01-01T00:05:00Z");
    const exprs = startedRangeExprs({ after, before });
    expect(exprs).toEqual([
      { $gt: [{ $getField: "started_at" }, { $literal: 1767225750 }] },
      { $not: [{ $gte: [{ $getField: "started_at" }, { $literal: 1767225900 }] }] },
    ]);
    expect(queryOf([])).toBeNull();
    expect(queryOf(exprs.slice(0, 1))).toEqual({ $expr: exprs[0] });
    expect(queryOf(exprs)).toEqual({ $expr: { $and: exprs } });
  });
});
