import { describe, expect, it } from "vitest";
import {
  DEFAULT_TABLE_STATE,
  matchesFilter,
  parseItemsTableState,
  parseSort,
  serializeItemsTableState,
  sortingToSortBy,
  toItemsPageRequest,
  toListRequest,
  type ItemsTableState,
} from "./items-url-state";

const parse = (search: string) => parseItemsTableState(new URLSearchParams(search));

describe("items table URL state: parse", () => {
  it("reads every part of a full view", () => {
    const { state, issues } = parse(
      "state=completed,unstarted&op=weave:///demo/p/op/answer:abc&call=c1&trace=t1&item=i1&added_by=user-maria&sort=created_at.desc,call_op_name.asc&page=3&size=100",
    );
    expect(issues).toEqual([]);
    expect(state).toEqual<ItemsTableState>({
      // States come back in the fixed order of the contract, whatever order the link used.
      states: ["unstarted", "completed"],
      op: "weave:///demo/p/op/answer:abc",
      callId: "c1",
      traceId: "t1",
      itemId: "i1",
      addedBy: "user-maria",
      sort: [
        { field: "created_at", direction: "desc" },
        { field: "call_op_name", direction: "asc" },
      ],
      page: 3,
      pageSize: 100,
    });
  });

  it("gives the defaults for an empty address", () => {
    expect(parse("")).toEqual({ state: DEFAULT_TABLE_STATE, issues: [] });
  });

  it("drops unknown states, sort fields, directions, duplicates, bad pages and sizes, and says why", () => {
    const { state, issues } = parse(
      "state=unstarted,done&sort=foo.asc,created_at.sideways,updated_at.desc,updated_at.asc&page=-1&size=33",
    );
    expect(state.states).toEqual(["unstarted"]);
    expect(state.sort).toEqual([{ field: "updated_at", direction: "desc" }]);
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(50);
    expect(issues.map((i) => `${i.param}=${i.value}`)).toEqual([
      "state=done",
      "sort=foo.asc",
      "sort=created_at.sideways",
      "sort=updated_at.asc",
      "page=-1",
      "size=33",
    ]);
    expect(issues[1]?.reason).toContain("'foo' is not a sortable column");
  });

  it.each(["0", "1.5", "abc", "1e3", " ", "99999999999999999999"])("rejects page=%j", (page) => {
    const { state, issues } = parse(`page=${encodeURIComponent(page)}`);
    expect(state.page).toBe(1);
    expect(issues).toHaveLength(1);
  });

  it("accepts a sort field without a direction as ascending", () => {
    expect(parseSort("call_started_at")).toEqual([{ field: "call_started_at", direction: "asc" }]);
  });

  it("trims text filters and ignores empty ones", () => {
    expect(parse("call=%20%20c-9%20&trace=").state).toMatchObject({ callId: "c-9", traceId: "" });
  });
});

describe("items table URL state: serialise", () => {
  it("leaves defaults out, so the plain table has a plain address", () => {
    expect(serializeItemsTableState(DEFAULT_TABLE_STATE).toString()).toBe("");
  });

  it("round-trips any valid view", () => {
    const view: ItemsTableState = {
      ...DEFAULT_TABLE_STATE,
      states: ["in_progress", "skipped"],
      op: "a b&c=d",
      addedBy: "user-demo",
      sort: parseSort("updated_at.asc,created_at.desc"),
      page: 7,
      pageSize: 250,
    };
    const search = serializeItemsTableState(view).toString();
    expect(search).toContain("sort=updated_at.asc%2Ccreated_at.desc");
    expect(parse(search)).toEqual({ state: view, issues: [] });
  });

  it("keeps parameters it does not own (the review's index)", () => {
    const params = serializeItemsTableState(
      { ...DEFAULT_TABLE_STATE, page: 2 },
      new URLSearchParams("i=41&page=9&state=completed"),
    );
    expect(params.toString()).toBe("i=41&page=2");
  });
});

describe("items table URL state: requests", () => {
  it("asks for one row more than the page and always for positions", () => {
    const request = toItemsPageRequest("demo/support-bot", { ...DEFAULT_TABLE_STATE, page: 3, pageSize: 25 });
    expect(request).toEqual({ project_id: "demo/support-bot", offset: 50, limit: 26, include_position: true });
  });

  it("sends only the filters that are set, and the sort", () => {
    const request = toListRequest(
      "demo/support-bot",
      {
        ...DEFAULT_TABLE_STATE,
        states: ["completed"],
        callId: "c1",
        sort: [{ field: "call_op_name", direction: "desc" }],
      },
      { offset: 0, limit: 10 },
    );
    expect(request.filter).toEqual({ call_id: "c1", annotation_states: ["completed"] });
    expect(request.sort_by).toEqual([{ field: "call_op_name", direction: "desc" }]);
  });

  it("maps the table's sorting state to sort_by, ignoring ids that are not sort fields", () => {
    expect(
      sortingToSortBy([
        { id: "created_at", desc: true },
        { id: "position", desc: false },
        { id: "call_op_name", desc: false },
      ]),
    ).toEqual([
      { field: "created_at", direction: "desc" },
      { field: "call_op_name", direction: "asc" },
    ]);
  });

  it("tells whether an item passes the filter, as the service would", () => {
    const item = {
      id: "i1",
      call_id: "c1",
      call_op_name: "op",
      call_trace_id: "t1",
      added_by: "user-demo",
      annotation_state: "completed" as const,
    };
    expect(matchesFilter(item, DEFAULT_TABLE_STATE)).toBe(true);
    expect(
      matchesFilter(item, { ...DEFAULT_TABLE_STATE, states: ["completed", "skipped"], addedBy: "user-demo" }),
    ).toBe(true);
    expect(matchesFilter(item, { ...DEFAULT_TABLE_STATE, states: ["unstarted"] })).toBe(false);
    expect(matchesFilter({ ...item, added_by: null }, { ...DEFAULT_TABLE_STATE, addedBy: "user-demo" })).toBe(false);
  });
});
