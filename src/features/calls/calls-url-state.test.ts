import { describe, expect, it } from "vitest";
import { readUrlView, writeUrlView } from "@/lib/url-state/use-url-table";
import { CALL_COLUMNS } from "@contract/trace-calls";
import {
  CALL_PREVIEW_COLUMNS,
  CALL_ROW_COLUMNS,
  CALLS_URL_CODEC,
  DEFAULT_CALLS_VIEW,
  isFiltered,
  toCallIdsRequest,
  toCallsPageRequest,
  toCallsPreviewsRequest,
  toCallsStatsRequest,
  type CallsView,
} from "./calls-url-state";

const PROJECT = "demo/support-bot";
const read = (search: string) => readUrlView(CALLS_URL_CODEC, new URLSearchParams(search));
const view = (change: Partial<CallsView>): CallsView => ({ ...DEFAULT_CALLS_VIEW, ...change });

describe("the Calls page's view in the URL", () => {
  it("reads nothing as the default view (newest first, page 1, 50 rows) and writes it as an empty address", () => {
    const { state, issues } = read("");
    expect(state).toEqual(DEFAULT_CALLS_VIEW);
    expect(issues).toEqual([]);
    expect(writeUrlView(CALLS_URL_CODEC, state).toString()).toBe("");
  });

  it("round-trips every filter, the sort, the page and the page size", () => {
    const full = view({
      op: "support_agent.answer:abc123",
      traceId: "trace-7",
      after: "2026-11-20T08:00:00.000Z",
      before: "2026-11-24T18:30:00.000Z",
      rootsOnly: true,
      text: "refund",
      sort: [{ field: "op_name", direction: "asc" }],
      page: 3,
      pageSize: 100,
    });
    const params = writeUrlView(CALLS_URL_CODEC, full);
    expect(Object.fromEntries(params)).toEqual({
      op: "support_agent.answer:abc123",
      trace: "trace-7",
      after: "2026-11-20T08:00:00.000Z",
      before: "2026-11-24T18:30:00.000Z",
      roots: "1",
      q: "refund",
      sort: "op_name.asc",
      page: "3",
      size: "100",
    });
    expect(read(params.toString()).state).toEqual(full);
  });

  it("keeps parameters it does not own and drops what it cannot read, saying why", () => {
    const { state, issues } = read("after=yesterday&roots=maybe&sort=cost.desc&size=7&page=0");
    expect(state).toEqual(DEFAULT_CALLS_VIEW);
    expect(issues.map((i) => i.param)).toEqual(["sort", "after", "roots", "page", "size"]);
    expect(writeUrlView(CALLS_URL_CODEC, view({ page: 2 }), new URLSearchParams("other=1")).toString()).toBe(
      "other=1&page=2",
    );
  });
});

describe("the requests the view sends", () => {
  it("sends no filter or query when nothing is filtered, newest first, one row more than the page", () => {
    expect(isFiltered(DEFAULT_CALLS_VIEW)).toBe(false);
    expect(toCallsPageRequest(PROJECT, view({ page: 2, pageSize: 25 }))).toEqual({
      project_id: PROJECT,
      sort_by: [{ field: "started_at", direction: "desc" }],
      offset: 25,
      limit: 26,
      columns: [...CALL_ROW_COLUMNS],
    });
    expect(toCallsStatsRequest(PROJECT, DEFAULT_CALLS_VIEW)).toEqual({ project_id: PROJECT });
  });

  it("reads a page's rows and its inputs and outputs apart: between them, every column of a call", () => {
    const rows = toCallsPageRequest(PROJECT, view({ text: "refund" }));
    const previews = toCallsPreviewsRequest(PROJECT, view({ text: "refund" }));
    expect({ ...previews, columns: rows.columns }).toEqual(rows);
    expect(rows.columns).not.toContain("inputs");
    expect(rows.columns).not.toContain("output");
    expect(previews.columns).toEqual(["id", "inputs", "output"]);
    expect(new Set([...CALL_ROW_COLUMNS, ...CALL_PREVIEW_COLUMNS])).toEqual(new Set(CALL_COLUMNS));
  });

  it("filters an op by name (every version) or by one version", () => {
    expect(toCallsPageRequest(PROJECT, view({ op: "support_agent.answer" })).filter).toEqual({
      op_names: [`weave:///${PROJECT}/op/support_agent.answer:*`],
    });
    expect(toCallsPageRequest(PROJECT, view({ op: "support_agent.answer:abc" })).filter).toEqual({
      op_names: [`weave:///${PROJECT}/op/support_agent.answer:abc`],
    });
  });

  it("filters a trace id and root calls only", () => {
    expect(toCallsStatsRequest(PROJECT, view({ traceId: " t-1 ", rootsOnly: true }))).toEqual({
      project_id: PROJECT,
      filter: { trace_ids: ["t-1"], trace_roots_only: true },
    });
  });

  it("turns the time range and the text into one query", () => {
    const req = toCallsStatsRequest(PROJECT, view({ after: "2026-01-01T00:00:00.000Z", text: "Refund" }));
    expect(req.filter).toBeUndefined();
    expect(req.query).toEqual({
      $expr: {
        $and: [
          { $gt: [{ $getField: "started_at" }, { $literal: 1767225600 }] },
          {
            $or: [
              { $contains: { input: { $getField: "inputs" }, substr: { $literal: "Refund" }, case_insensitive: true } },
              { $contains: { input: { $getField: "output" }, substr: { $literal: "Refund" }, case_insensitive: true } },
            ],
          },
        ],
      },
    });
    expect(toCallsStatsRequest(PROJECT, view({ before: "2026-01-01T00:00:00.000Z" })).query).toEqual({
      $expr: { $not: [{ $gte: [{ $getField: "started_at" }, { $literal: 1767225600 }] }] },
    });
  });

  it("reads the ids of all matching calls oldest first, id breaking ties, in windows", () => {
    expect(toCallIdsRequest(PROJECT, view({ traceId: "t" }), { offset: 1000, limit: 1000 })).toEqual({
      project_id: PROJECT,
      filter: { trace_ids: ["t"] },
      sort_by: [
        { field: "started_at", direction: "asc" },
        { field: "id", direction: "asc" },
      ],
      offset: 1000,
      limit: 1000,
    });
  });
});
