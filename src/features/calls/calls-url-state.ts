import type { CallsFilter, CallsQueryRequest, CallsQueryStatsRequest, CallsSortBy } from "@contract/trace-calls";
import { containsTextExpr, queryOf, startedRangeExprs } from "@/api/calls-query-language";
import { readNumberChoice, readPage, readText, writeParam } from "@/lib/url-state/params";
import { formatSortParam, parseSortParam, type SortKey } from "@/lib/url-state/sort-param";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import type { UrlViewCodec } from "@/lib/url-state/use-url-table";
import { opFilterRef } from "./op-filter";

/**
 * The Calls page's view as it lives in the URL: filters (`op`, `trace`, `after`, `before`, `roots`,
 * `q`), sort, page and page size, so a link reproduces the view. Unknown values are dropped and
 * reported (a notice), never a crash.
 */

export const CALL_SORT_FIELDS = ["started_at", "ended_at", "op_name"] as const;
export type CallSortField = (typeof CALL_SORT_FIELDS)[number];
export const DEFAULT_SORT: readonly SortKey<CallSortField>[] = [{ field: "started_at", direction: "desc" }];

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export type CallsPageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: CallsPageSize = 50;

export type CallsView = {
  /** `name` (every version) or `name:digest` (one version); "" for every op. */
  op: string;
  traceId: string;
  /** ISO instants; "" when not set. */
  after: string;
  before: string;
  rootsOnly: boolean;
  /** Text contained in inputs or output (case ignored). */
  text: string;
  sort: SortKey<CallSortField>[];
  page: number;
  pageSize: CallsPageSize;
};

export const DEFAULT_CALLS_VIEW: CallsView = {
  op: "",
  traceId: "",
  after: "",
  before: "",
  rootsOnly: false,
  text: "",
  sort: [...DEFAULT_SORT],
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const PARAMS = {
  op: "op",
  traceId: "trace",
  after: "after",
  before: "before",
  rootsOnly: "roots",
  text: "q",
  sort: "sort",
  page: "page",
  pageSize: "size",
} as const;

function readInstant(params: URLSearchParams, param: string, issues: UrlIssue[]): string {
  const raw = readText(params, param);
  if (raw === "") return "";
  const ms = Date.parse(raw);
  if (!Number.isFinite(ms)) {
    issues.push({ param, value: raw, reason: "is not a date and time (for example 2026-11-24T09:30:00Z)" });
    return "";
  }
  return new Date(ms).toISOString();
}

function readFlag(params: URLSearchParams, param: string, issues: UrlIssue[]): boolean {
  const raw = params.get(param);
  if (raw === null) return false;
  if (raw === "1" || raw === "true") return true;
  if (raw !== "0" && raw !== "false") issues.push({ param, value: raw, reason: "is not 1 or 0" });
  return false;
}

const sameSort = (a: readonly SortKey<string>[], b: readonly SortKey<string>[]) =>
  formatSortParam(a) === formatSortParam(b);

export const CALLS_URL_CODEC: UrlViewCodec<CallsView> = {
  params: Object.values(PARAMS),
  read: (params, issues) => {
    const sort = parseSortParam(params.get(PARAMS.sort), CALL_SORT_FIELDS, { param: PARAMS.sort, issues });
    return {
      op: readText(params, PARAMS.op),
      traceId: readText(params, PARAMS.traceId),
      after: readInstant(params, PARAMS.after, issues),
      before: readInstant(params, PARAMS.before, issues),
      rootsOnly: readFlag(params, PARAMS.rootsOnly, issues),
      text: readText(params, PARAMS.text),
      sort: sort.length > 0 ? sort : [...DEFAULT_SORT],
      page: readPage(params, PARAMS.page, issues),
      pageSize: readNumberChoice(params, PARAMS.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE, issues, "page size"),
    };
  },
  write: (view, params) => {
    writeParam(params, PARAMS.op, view.op.trim());
    writeParam(params, PARAMS.traceId, view.traceId.trim());
    writeParam(params, PARAMS.after, view.after);
    writeParam(params, PARAMS.before, view.before);
    writeParam(params, PARAMS.rootsOnly, view.rootsOnly ? "1" : "");
    writeParam(params, PARAMS.text, view.text.trim());
    writeParam(params, PARAMS.sort, sameSort(view.sort, DEFAULT_SORT) ? "" : formatSortParam(view.sort));
    writeParam(params, PARAMS.page, String(view.page), "1");
    writeParam(params, PARAMS.pageSize, String(view.pageSize), String(DEFAULT_PAGE_SIZE));
  },
};

export type CallsFilters = Pick<CallsView, "op" | "traceId" | "after" | "before" | "rootsOnly" | "text">;
export const NO_FILTERS: CallsFilters = { op: "", traceId: "", after: "", before: "", rootsOnly: false, text: "" };

export const isFiltered = (view: CallsFilters): boolean =>
  view.op.trim() !== "" ||
  view.traceId.trim() !== "" ||
  view.after !== "" ||
  view.before !== "" ||
  view.rootsOnly ||
  view.text.trim() !== "";

/** The service's `filter` and `query` for the view's filters (absent when nothing is filtered). */
export function toCallsSelection(projectId: string, view: CallsFilters): Pick<CallsQueryRequest, "filter" | "query"> {
  const filter: CallsFilter = {};
  if (view.op.trim()) filter.op_names = [opFilterRef(projectId, view.op.trim())];
  if (view.traceId.trim()) filter.trace_ids = [view.traceId.trim()];
  if (view.rootsOnly) filter.trace_roots_only = true;
  const exprs = [
    ...startedRangeExprs({
      after: view.after ? new Date(view.after) : null,
      before: view.before ? new Date(view.before) : null,
    }),
    ...(view.text.trim() ? [containsTextExpr(view.text.trim())] : []),
  ];
  const query = queryOf(exprs);
  return { ...(Object.keys(filter).length > 0 ? { filter } : {}), ...(query ? { query } : {}) };
}

const toSortBy = (sort: readonly SortKey<CallSortField>[]): CallsSortBy[] =>
  sort.map((k) => ({ field: k.field, direction: k.direction }));

/**
 * What a row shows besides the previews: every column of a call (contract/trace-calls.ts
 * `CALL_COLUMNS`, written out so boot.ts can build the request without the contract's schemas) but
 * its inputs and output. Those can be megabytes a call: asked for apart (CALL_PREVIEW_COLUMNS), so
 * the rows never wait for them.
 */
export const CALL_ROW_COLUMNS = [
  "id",
  "project_id",
  "op_name",
  "display_name",
  "trace_id",
  "parent_id",
  "started_at",
  "ended_at",
  "exception",
  "attributes",
  "summary",
  "wb_user_id",
  "thread_id",
  "turn_id",
  "wb_run_id",
  "wb_run_step",
] as const;

/** The rest of each call of a page: its inputs and output, for the previews (the id pairs them with the rows). */
export const CALL_PREVIEW_COLUMNS = ["id", "inputs", "output"] as const;

/**
 * One page of calls, their rows' columns (CALL_ROW_COLUMNS). One row more than the page: it says
 * whether a next page exists before the count arrives.
 */
export function toCallsPageRequest(projectId: string, view: CallsView): CallsQueryRequest {
  return {
    project_id: projectId,
    ...toCallsSelection(projectId, view),
    sort_by: toSortBy(view.sort),
    offset: (view.page - 1) * view.pageSize,
    limit: view.pageSize + 1,
    columns: [...CALL_ROW_COLUMNS],
  };
}

/** The same page's inputs and outputs (CALL_PREVIEW_COLUMNS), read beside its rows. */
export function toCallsPreviewsRequest(projectId: string, view: CallsView): CallsQueryRequest {
  return { ...toCallsPageRequest(projectId, view), columns: [...CALL_PREVIEW_COLUMNS] };
}

/** The count of the calls the view's filters match. */
export function toCallsStatsRequest(projectId: string, view: CallsFilters): CallsQueryStatsRequest {
  return { project_id: projectId, ...toCallsSelection(projectId, view) };
}

/**
 * A window of the ids of every call the filters match, oldest first (`id` breaks ties): calls
 * recorded while a long add runs land after the window already read, so offsets stay true.
 */
export function toCallIdsRequest(
  projectId: string,
  filters: CallsFilters,
  window: { offset: number; limit: number },
): Omit<CallsQueryRequest, "columns"> {
  return {
    project_id: projectId,
    ...toCallsSelection(projectId, filters),
    sort_by: [
      { field: "started_at", direction: "asc" },
      { field: "id", direction: "asc" },
    ],
    offset: window.offset,
    limit: window.limit,
  };
}
