import { describe, expect, it } from "vitest";
import { HTTPValidationError } from "../../../contract/errors";
import { LIMITS } from "../../../contract/limits";
import { Call } from "../../../contract/trace";
import { ACME_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";
import { CALLS, CHAT_SUMMARY, CHAT_V1, CHAT_V2, SEARCH, T, insertFixtureCalls, op } from "./calls-fixtures";

const API = "/api/trace";
type App = ReturnType<typeof createTestApp>["app"];

function fixture() {
  const made = createTestApp();
  insertFixtureCalls(made.db);
  return made;
}

const post = (app: App, path: string, body: Record<string, unknown>, key?: string) =>
  call(app, "POST", `${API}${path}`, { body: { project_id: PROJECT, ...body }, headers: bearer(key) });

/** Every line of an NDJSON answer, parsed. */
function lines(text: string): Record<string, unknown>[] {
  return text
    .split("\n")
    .slice(0, -1)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function ids(app: App, body: Record<string, unknown>): Promise<string[]> {
  const res = await post(app, "/calls/stream_query", body);
  expect({ status: res.status, reason: res.json?.reason }).toEqual({ status: 200, reason: undefined });
  return lines(res.text).map((row) => row.id as string);
}

async function count(app: App, body: Record<string, unknown>): Promise<number> {
  const res = await post(app, "/calls/query_stats", body);
  expect({ status: res.status, reason: res.json?.reason }).toEqual({ status: 200, reason: undefined });
  return (res.json as { count: number }).count;
}

const field = (name: string) => ({ $getField: name });
const literal = (value: unknown) => ({ $literal: value });
const query = ($expr: object) => ({ query: { $expr } });
const tooMany = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));

describe("calls query: answer and framing", () => {
  it("streams NDJSON, one CallSchema per line exactly as /call/read returns it, oldest first by default", async () => {
    const { app } = fixture();
    const res = await post(app, "/calls/stream_query", {});
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/jsonl");
    expect(res.text.endsWith("\n")).toBe(true);
    const rows = lines(res.text);
    // Ties on started_at (c02, c03) by id.
    expect(rows.map((r) => r.id)).toEqual(["c01", "c02", "c03", "c04", "c07", "c05", "c06", "c08"]);
    for (const row of rows) expect(() => Call.parse(row)).not.toThrow();
    const read = await post(app, "/call/read", { id: "c05" });
    expect(rows.find((r) => r.id === "c05")).toEqual(read.json.call);
  });

  it("derives summary.weave status and latency as upstream: error, running, success", async () => {
    const { app } = fixture();
    const rows = lines((await post(app, "/calls/stream_query", { filter: { call_ids: ["c01", "c04", "c05"] } })).text);
    expect(rows.map((r) => (r.summary as { weave: unknown }).weave)).toEqual([
      { status: "success", latency_ms: 4000 },
      { status: "running", latency_ms: null },
      { status: "error", latency_ms: 5000 },
    ]);
  });

  it("answers an empty body when nothing matches, and for limit 0", async () => {
    const { app } = fixture();
    const none = await post(app, "/calls/stream_query", { filter: { trace_ids: ["no-such-trace"] } });
    expect({ status: none.status, text: none.text }).toEqual({ status: 200, text: "" });
    expect((await post(app, "/calls/stream_query", { limit: 0 })).text).toBe("");
  });

  it("returns the asked columns and the required ones (id, project_id, trace_id, op_name, started_at)", async () => {
    const { app } = fixture();
    const [row] = lines(
      (await post(app, "/calls/stream_query", { columns: ["inputs.messages", "ended_at"], limit: 1 })).text,
    );
    expect(Object.keys(row!).sort()).toEqual([
      "ended_at",
      "id",
      "inputs",
      "op_name",
      "project_id",
      "started_at",
      "trace_id",
    ]);
    expect(row!.inputs).toEqual(CALLS[0]!.inputs);
  });

  it("attaches the call's feedback as summary.weave.feedback when include_feedback", async () => {
    const { app } = fixture();
    const created = await post(app, "/feedback/create", {
      weave_ref: `weave:///${PROJECT}/call/c02`,
      feedback_type: "wandb.note.1",
      payload: { note: "Wrong article" },
    });
    expect(created.status).toBe(200);
    const rows = lines(
      (await post(app, "/calls/stream_query", { filter: { call_ids: ["c01", "c02"] }, include_feedback: true })).text,
    );
    const feedback = rows.map((r) =>
      (r.summary as { weave: { feedback: { payload: unknown }[] } }).weave.feedback.map((f) => f.payload),
    );
    expect(feedback).toEqual([[], [{ note: "Wrong article" }]]);
  });
});

describe("calls query: filter", () => {
  it.each([
    ["op_names, exact version", { op_names: [CHAT_V2] }, ["c04", "c05"]],
    [
      "op_names, every version (:*), not a longer name sharing the prefix",
      { op_names: [op("chat", "*")] },
      ["c01", "c04", "c05"],
    ],
    ["op_names, a version and another op", { op_names: [CHAT_V1, CHAT_SUMMARY] }, ["c01", "c06"]],
    ["trace_ids", { trace_ids: ["t2"] }, ["c04", "c07"]],
    ["parent_ids", { parent_ids: ["c01"] }, ["c02", "c03"]],
    ["call_ids", { call_ids: ["c06", "c02", "nope"] }, ["c02", "c06"]],
    ["trace_roots_only", { trace_roots_only: true }, ["c01", "c04", "c05", "c06", "c08"]],
    ["wb_user_ids", { wb_user_ids: ["user-maria"] }, ["c05"]],
    ["several, ANDed", { op_names: [SEARCH], trace_ids: ["t1"] }, ["c02", "c03"]],
    [
      "an empty list is no filter (upstream: `if filter.x:`)",
      { op_names: [], trace_ids: [] },
      ["c01", "c02", "c03", "c04", "c07", "c05", "c06", "c08"],
    ],
    ["thread_ids: the fixture calls have none", { thread_ids: ["th-1"] }, []],
    ["turn_ids and wb_run_ids likewise", { turn_ids: ["x"], wb_run_ids: ["y"] }, []],
    ["input_refs: a ref held in the inputs", { input_refs: ["weave:///demo/support-bot/object/doc:abc"] }, ["c08"]],
  ] as const)("%s", async (_name, filter, expected) => {
    const { app } = fixture();
    expect(await ids(app, { filter })).toEqual(expected);
    expect(await count(app, { filter })).toBe(expected.length);
  });
});

describe("calls query: the query language", () => {
  it.each([
    ["$eq on op_name", { $eq: [field("op_name"), literal(SEARCH)] }, ["c02", "c03", "c07", "c08"]],
    ["$eq on display_name", { $eq: [field("display_name"), literal("Refund chat")] }, ["c01"]],
    [
      "started_at $gte epoch seconds (as upstream)",
      { $gte: [field("started_at"), literal((T + 60_000) / 1000)] },
      ["c04", "c07", "c05", "c06", "c08"],
    ],
    [
      "started_at in an ISO range ($gte, $not $gte)",
      {
        $and: [
          { $gte: [field("started_at"), literal("2026-11-01T08:01:00Z")] },
          { $not: [{ $gte: [field("started_at"), literal("2026-11-01T08:02:00.000Z")] }] },
        ],
      },
      ["c04", "c07"],
    ],
    ["ended_at $eq null (running)", { $eq: [field("ended_at"), literal(null)] }, ["c04"]],
    ["a dotted inputs path, $gt", { $gt: [field("inputs.n"), literal(2)] }, ["c01", "c02"]],
    ["a path into an array", { $eq: [field("inputs.messages.0.role"), literal("user")] }, ["c01", "c04", "c05"]],
    ["output path", { $eq: [field("output.choices.0.message.content"), literal("On its way.")] }, ["c01"]],
    [
      "$contains in inputs, case-insensitive",
      { $contains: { input: field("inputs"), substr: literal("refund"), case_insensitive: true } },
      ["c01", "c02"],
    ],
    [
      "$contains in inputs, case-sensitive",
      { $contains: { input: field("inputs"), substr: literal("Refund"), case_insensitive: false } },
      ["c01"],
    ],
    [
      "$contains in inputs or output",
      {
        $or: [
          { $contains: { input: field("inputs"), substr: literal("refund"), case_insensitive: true } },
          { $contains: { input: field("output"), substr: literal("refund"), case_insensitive: true } },
        ],
      },
      ["c01", "c02", "c06"],
    ],
    [
      "summary.weave.status",
      { $in: [field("summary.weave.status"), [literal("error"), literal("running")]] },
      ["c04", "c05"],
    ],
    ["summary.weave.latency_ms", { $gte: [field("summary.weave.latency_ms"), literal(4000)] }, ["c01", "c05"]],
    [
      "wb_user_id and trace_id",
      { $and: [{ $eq: [field("wb_user_id"), literal("user-demo")] }, { $eq: [field("trace_id"), literal("t3")] }] },
      [],
    ],
  ] as const)("%s", async (_name, expr, expected) => {
    const { app } = fixture();
    expect(await ids(app, query(expr))).toEqual(expected);
    expect(await count(app, query(expr))).toBe(expected.length);
  });

  it("answers a list of 1,000 operands (compiled as a balanced tree: SQLite refuses expressions 1,000 levels deep)", async () => {
    const { app } = fixture();
    const anyOf = { $or: tooMany(1000, (i) => ({ $eq: [field("id"), literal(i === 999 ? "c05" : `x${i}`)] })) };
    expect(await ids(app, query(anyOf))).toEqual(["c05"]);
    const noneOf = { $and: tooMany(1000, (i) => ({ $not: [{ $eq: [field("id"), literal(`x${i}`)] }] })) };
    expect(await count(app, query(noneOf))).toBe(CALLS.length);
  });

  it.each([
    ["an unknown field", { $eq: [field("colour"), literal(1)] }, /'colour' is not a call field/],
    [
      "$convert",
      { $eq: [{ $convert: { input: field("inputs.n"), to: "int" } }, literal(1)] },
      /\$convert is not supported/,
    ],
    ["an unknown operator", { $regex: [field("op_name"), literal("x")] }, /'\$regex' is not an operation/],
    [
      "a time that is not one",
      { $gte: [field("started_at"), literal("yesterday")] },
      /a time is compared with epoch seconds or an ISO 8601 string/,
    ],
    ["a path with a quote", { $eq: [field('inputs.a"b'), literal(1)] }, /is not a call field/],
    [
      "$not of something that is not an operation",
      { $not: [null] },
      /every operation and operand is an object with one key/,
    ],
    [
      "a path with a NUL (SQLite would refuse the path)",
      { $eq: [field("inputs.a\u0000"), literal(1)] },
      /is not a call field/,
    ],
    [
      "more literals than SQLite takes in one statement",
      { $or: tooMany(20, () => ({ $in: [field("op_name"), tooMany(1000, (i) => literal(`op-${i}`))] })) },
      /at most 10000 literals and paths in one query \(this one has 20000\)/,
    ],
  ] as const)("refuses %s with a 400 naming it", async (_name, expr, message) => {
    const { app } = fixture();
    for (const path of ["/calls/stream_query", "/calls/query_stats"]) {
      const res = await post(app, path, query(expr));
      expect(res.status).toBe(400);
      expect(String(res.json.reason)).toMatch(message);
    }
  });
});

describe("calls query: sort and paging", () => {
  it.each([
    [
      "started_at desc (ties by id desc, as upstream)",
      [{ field: "started_at", direction: "desc" }],
      ["c08", "c06", "c05", "c07", "c04", "c03", "c02", "c01"],
    ],
    [
      "ended_at asc (running first: NULL sorts first)",
      [{ field: "ended_at", direction: "asc" }],
      ["c04", "c02", "c03", "c01", "c07", "c06", "c05", "c08"],
    ],
    [
      "op_name, then started_at desc",
      [
        { field: "op_name", direction: "asc" },
        { field: "started_at", direction: "desc" },
      ],
      ["c01", "c05", "c04", "c06", "c08", "c07", "c02", "c03"],
    ],
    [
      "display_name desc",
      [{ field: "display_name", direction: "desc" }],
      ["c01", "c04", "c08", "c07", "c06", "c05", "c03", "c02"],
    ],
    [
      "a dotted inputs path desc, then id",
      [
        { field: "inputs.n", direction: "desc" },
        { field: "id", direction: "asc" },
      ],
      ["c02", "c01", "c03", "c04", "c05", "c06", "c07", "c08"],
    ],
    [
      "summary.weave.status",
      [{ field: "summary.weave.status", direction: "asc" }],
      ["c05", "c04", "c01", "c02", "c03", "c06", "c07", "c08"],
    ],
  ] as const)("%s", async (_name, sortBy, expected) => {
    const { app } = fixture();
    expect(await ids(app, { sort_by: sortBy })).toEqual(expected);
  });

  it("pages with limit and offset, pages never overlap and together are the whole order", async () => {
    const { app } = fixture();
    const sortBy = [{ field: "started_at", direction: "desc" }];
    const all = await ids(app, { sort_by: sortBy });
    const pages = [
      await ids(app, { sort_by: sortBy, limit: 3 }),
      await ids(app, { sort_by: sortBy, limit: 3, offset: 3 }),
      await ids(app, { sort_by: sortBy, limit: 3, offset: 6 }),
    ];
    expect(pages.flat()).toEqual(all);
    expect(await ids(app, { offset: 100 })).toEqual([]);
  });

  it("query_stats counts at most its limit", async () => {
    const { app } = fixture();
    expect(await count(app, {})).toBe(8);
    expect(await count(app, { limit: 2 })).toBe(2);
  });
});

describe("calls query: auth and validation", () => {
  it("needs a key (401) and the project's entity (403); another entity reads its own calls", async () => {
    const { app } = fixture();
    for (const path of ["/calls/stream_query", "/calls/query_stats"]) {
      expect((await call(app, "POST", `${API}${path}`, { body: { project_id: PROJECT } })).status).toBe(401);
      expect((await post(app, path, {}, ACME_KEY)).status).toBe(403);
    }
    const acme = await call(app, "POST", `${API}/calls/stream_query`, {
      body: { project_id: "acme/claims" },
      headers: bearer(ACME_KEY),
    });
    expect(lines(acme.text).map((r) => r.id)).toEqual(["other-1"]);
  });

  it.each([
    ["an unknown field", { colour: "red" }, ["body", "colour"], /Extra inputs/],
    ["an unknown filter field", { filter: { op_name: "x" } }, ["body", "filter", "op_name"], /Extra inputs/],
    ["limit over the cap", { limit: LIMITS.callsPage + 1 }, ["body", "limit"], /10000/],
    ["a negative offset", { offset: -1 }, ["body", "offset"], /0/],
    [
      "too many op_names",
      { filter: { op_names: tooMany(LIMITS.callsFilterList + 1, (i) => `o${i}`) } },
      ["body", "filter", "op_names"],
      /1000/,
    ],
    [
      "too long an op name",
      { filter: { op_names: ["x".repeat(LIMITS.refLength + 1)] } },
      ["body", "filter", "op_names", 0],
      /1024/,
    ],
    [
      "too long a trace id",
      { filter: { trace_ids: ["x".repeat(LIMITS.idLength + 1)] } },
      ["body", "filter", "trace_ids", 0],
      /256/,
    ],
    [
      "too many sort keys",
      { sort_by: tooMany(LIMITS.sortKeys + 1, () => ({ field: "id", direction: "asc" })) },
      ["body", "sort_by"],
      /10/,
    ],
    ["a bad direction", { sort_by: [{ field: "id", direction: "up" }] }, ["body", "sort_by", 0, "direction"], /asc/],
    [
      "too long a sort field",
      { sort_by: [{ field: "x".repeat(LIMITS.displayFieldLength + 1), direction: "asc" }] },
      ["body", "sort_by", 0, "field"],
      /1000/,
    ],
    ["too many columns", { columns: tooMany(LIMITS.displayFields + 1, () => "id") }, ["body", "columns"], /50/],
    [
      "trace_roots_only not a boolean",
      { filter: { trace_roots_only: "yes" } },
      ["body", "filter", "trace_roots_only"],
      /bool/,
    ],
    ["a query without $expr", { query: { $and: [] } }, ["body", "query", "$and"], /Extra inputs/],
  ] as const)("stream_query: %s is a 422 naming the field", async (_name, body, loc, message) => {
    const { app } = fixture();
    const res = await post(app, "/calls/stream_query", body);
    expect(res.status).toBe(422);
    const entry = HTTPValidationError.parse(res.json).detail.find((d) => JSON.stringify(d.loc) === JSON.stringify(loc));
    expect(entry?.msg).toMatch(message);
  });

  it("query_stats validates its body too", async () => {
    const { app } = fixture();
    const res = await post(app, "/calls/query_stats", { sort_by: [] });
    expect(res.status).toBe(422);
    expect(HTTPValidationError.parse(res.json).detail.map((d) => d.loc)).toContainEqual(["body", "sort_by"]);
  });

  it("refuses a column that is not a call field (400) and a project id that is not one (422)", async () => {
    const { app } = fixture();
    const column = await post(app, "/calls/stream_query", { columns: ["colour"] });
    expect(column.status).toBe(400);
    expect(String(column.json.reason)).toMatch(/'colour' is not a call column/);
    expect((await post(app, "/calls/stream_query", { project_id: "nope" })).status).toBe(422);
  });
});

describe("op objects for the operation filter", () => {
  it("lists ops with is_op (kind op, one version per digest) and leaves them out with is_op false; a call's op ref names one", async () => {
    const { app } = fixture();
    const { opObjectVal, opRefOf } = await import("../seed/op-objects");
    const versions = [
      { name: "chat", source: "v1" },
      { name: "chat", source: "v2" },
    ];
    for (const version of versions) {
      const res = await post(app, "/obj/create", {
        project_id: undefined,
        obj: { project_id: PROJECT, object_id: version.name, val: opObjectVal(version) },
      });
      expect(res.status).toBe(200);
    }
    await post(app, "/obj/create", {
      project_id: undefined,
      obj: { project_id: PROJECT, object_id: "not-an-op", val: { a: 1 } },
    });
    const ops = (await post(app, "/objs/query", { filter: { is_op: true } })).json.objs as {
      object_id: string;
      digest: string;
      kind: string;
      version_index: number;
    }[];
    expect(ops.map((o) => [o.object_id, o.kind, o.version_index])).toEqual([
      ["chat", "op", 0],
      ["chat", "op", 1],
    ]);
    expect(ops.map((o) => `weave:///${PROJECT}/op/${o.object_id}:${o.digest}`)).toEqual(
      versions.map((v) => opRefOf(PROJECT, v)),
    );
    const objects = (await post(app, "/objs/query", { filter: { is_op: false } })).json.objs as { object_id: string }[];
    expect(objects.map((o) => o.object_id)).toEqual(["not-an-op"]);
  });
});
