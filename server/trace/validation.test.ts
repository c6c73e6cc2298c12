import { describe, expect, it } from "vitest";
import { HTTPValidationError } from "../../contract/errors";
import { bearer, call, createTestApp } from "../testing/test-app";

const API = "/api/trace";
const ITEMS = `${API}/annotation_queues/q1/items/query`;
const project_id = "demo/support-bot";

type Case = [name: string, body: unknown, loc: (string | number)[], type: string];

// Each bad request is a 422 whose detail[] names the offending field (FastAPI's shape).
const itemsQueryCases: Case[] = [
  ["an unknown body field", { project_id, colour: "red" }, ["body", "colour"], "extra_forbidden"],
  [
    "an unknown filter field",
    { project_id, filter: { state: "completed" } },
    ["body", "filter", "state"],
    "extra_forbidden",
  ],
  [
    "an unknown sort_by property",
    { project_id, sort_by: [{ field: "created_at", direction: "asc", nulls: "last" }] },
    ["body", "sort_by", 0, "nulls"],
    "extra_forbidden",
  ],
  [
    "an unsupported sort field",
    {
      project_id,
      sort_by: [
        { field: "created_at", direction: "asc" },
        { field: "name", direction: "asc" },
      ],
    },
    ["body", "sort_by", 1, "field"],
    "enum",
  ],
  [
    "a bad direction",
    { project_id, sort_by: [{ field: "created_at", direction: "up" }] },
    ["body", "sort_by", 0, "direction"],
    "enum",
  ],
  ["a negative limit", { project_id, limit: -1 }, ["body", "limit"], "greater_than_equal"],
  ["a negative offset", { project_id, offset: -5 }, ["body", "offset"], "greater_than_equal"],
  ["a fractional limit", { project_id, limit: 2.5 }, ["body", "limit"], "int_type"],
  ["a project id without entity", { project_id: "support-bot" }, ["body", "project_id"], "string_pattern_mismatch"],
  ["a missing project id", {}, ["body", "project_id"], "missing"],
  [
    "an unknown annotation state",
    { project_id, filter: { annotation_states: ["done"] } },
    ["body", "filter", "annotation_states", 0],
    "enum",
  ],
  [
    "include_position not a boolean",
    { project_id, include_position: "yes" },
    ["body", "include_position"],
    "bool_type",
  ],
];

describe("request validation (422 with loc)", () => {
  it.each(itemsQueryCases)("items query: %s", async (_name, body, loc, type) => {
    const { app } = createTestApp();
    const res = await call(app, "POST", ITEMS, { body, headers: bearer() });
    expect(res.status).toBe(422);
    const { detail } = HTTPValidationError.parse(res.json);
    expect(detail).toContainEqual(expect.objectContaining({ loc, type }));
    expect(detail[0]?.msg).toBeTruthy();
  });

  it("answers malformed JSON with 422 json_invalid at the body", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", ITEMS, {
      rawBody: '{"project_id": ',
      headers: { ...bearer(), "Content-Type": "application/json" },
    });
    expect(res.status).toBe(422);
    const entry = HTTPValidationError.parse(res.json).detail[0];
    expect(entry?.type).toBe("json_invalid");
    expect(entry?.loc[0]).toBe("body");
  });

  it.each([
    ["create queue: empty name", "POST", `${API}/annotation_queues`, { project_id, name: "   " }, ["body", "name"]],
    [
      "create queue: unknown field",
      "POST",
      `${API}/annotation_queues`,
      { project_id, name: "x", owner: "me" },
      ["body", "owner"],
    ],
    [
      "queue query: bad sort field",
      "POST",
      `${API}/annotation_queues/query`,
      { project_id, sort_by: [{ field: "size", direction: "asc" }] },
      ["body", "sort_by", 0, "field"],
    ],
    [
      "stats: queue_ids not a list",
      "POST",
      `${API}/annotation_queues/stats`,
      { project_id, queue_ids: "q1" },
      ["body", "queue_ids"],
    ],
    [
      "add items: no call ids",
      "POST",
      `${API}/annotation_queues/q1/items`,
      { project_id, call_ids: [] },
      ["body", "call_ids"],
    ],
    [
      "progress: unstarted is not settable",
      "POST",
      `${API}/annotation_queues/q1/items/i1/progress`,
      { project_id, annotation_state: "unstarted" },
      ["body", "annotation_state"],
    ],
    ["call read: missing id", "POST", `${API}/call/read`, { project_id }, ["body", "id"]],
  ] as const)("%s", async (_name, method, path, body, loc) => {
    const { app } = createTestApp();
    const res = await call(app, method, path, { body, headers: bearer() });
    expect(res.status).toBe(422);
    expect(HTTPValidationError.parse(res.json).detail.map((d) => d.loc)).toContainEqual(loc);
  });

  it("requires project_id in the query string of a queue read", async () => {
    const { app } = createTestApp();
    const missing = await call(app, "GET", `${API}/annotation_queues/q1`, { headers: bearer() });
    expect(missing.status).toBe(422);
    expect(missing.json.detail[0].loc).toEqual(["query", "project_id"]);
    const bad = await call(app, "GET", `${API}/annotation_queues/q1?project_id=nope`, { headers: bearer() });
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].loc).toEqual(["query", "project_id"]);
  });
});
