import { formatSortParam, parseSortParam } from "@/lib/url-state/sort-param";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { readChoiceSet, readNumberChoice, readPage, readText, writeParam } from "@/lib/url-state/params";
import { readUrlView, writeUrlView, type UrlViewCodec } from "@/lib/url-state/url-view";
import type { AnnotationState, ItemSortBy, ItemsFilter, ItemsQueryRequest, SortableItemField } from "@contract/trace";
import { ANNOTATION_STATES, isSortableItemField, SORTABLE_ITEM_FIELDS } from "@contract/queue-item-fields";

/**
 * The items table's view (filters, sort, page, page size) as it lives in the URL, so reload,
 * back/forward and a pasted link restore it exactly. Parsing accepts only known values: anything
 * else is dropped and reported as an issue (shown as a notice), never a crash. Free of React and
 * of the contract's schemas (types only): boot.ts builds the table's first request with it.
 */

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;

/** The five text filters: URL parameter, the request's filter field, the visible label. */
export const TEXT_FILTERS = [
  { key: "op", param: "op", field: "call_op_name", label: "Operation" },
  { key: "callId", param: "call", field: "call_id", label: "Call ID" },
  { key: "traceId", param: "trace", field: "call_trace_id", label: "Trace ID" },
  { key: "itemId", param: "item", field: "id", label: "Item ID" },
  { key: "addedBy", param: "added_by", field: "added_by", label: "Added by" },
] as const satisfies readonly { key: string; param: string; field: keyof ItemsFilter; label: string }[];

export type TextFilterKey = (typeof TEXT_FILTERS)[number]["key"];
export type TextFilters = Record<TextFilterKey, string>;

export type ItemsTableState = TextFilters & {
  states: AnnotationState[];
  sort: ItemSortBy[];
  /** 1-based. */
  page: number;
  pageSize: PageSize;
};

export const STATE_PARAM = "state";
export const SORT_PARAM = "sort";
export const PAGE_PARAM = "page";
export const SIZE_PARAM = "size";

/** Every parameter this module owns; others in the URL (the review's `i`) are left alone. */
export const TABLE_PARAMS: readonly string[] = [
  STATE_PARAM,
  SORT_PARAM,
  PAGE_PARAM,
  SIZE_PARAM,
  ...TEXT_FILTERS.map((f) => f.param),
];

export const DEFAULT_TABLE_STATE: ItemsTableState = {
  states: [],
  op: "",
  callId: "",
  traceId: "",
  itemId: "",
  addedBy: "",
  sort: [],
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The table's sort keys, in the app's one URL syntax (lib/url-state/sort-param). */
export const parseSort = (raw: string | null, issues: UrlIssue[] = []): ItemSortBy[] =>
  parseSortParam(raw, SORTABLE_ITEM_FIELDS, { param: SORT_PARAM, issues });

/** The items view's parameters, read and written through lib/url-state. */
export const ITEMS_URL_CODEC: UrlViewCodec<ItemsTableState> = {
  params: TABLE_PARAMS,
  read: (params, issues) => ({
    ...(Object.fromEntries(TEXT_FILTERS.map((f) => [f.key, readText(params, f.param)])) as TextFilters),
    states: readChoiceSet(params, STATE_PARAM, ANNOTATION_STATES, issues, "state"),
    sort: parseSort(params.get(SORT_PARAM), issues),
    page: readPage(params, PAGE_PARAM, issues),
    pageSize: readNumberChoice(params, SIZE_PARAM, PAGE_SIZES, DEFAULT_PAGE_SIZE, issues, "page size"),
  }),
  write: (state, params) => {
    writeParam(params, STATE_PARAM, state.states.join(","));
    for (const f of TEXT_FILTERS) writeParam(params, f.param, state[f.key].trim());
    writeParam(params, SORT_PARAM, formatSortParam(state.sort));
    writeParam(params, PAGE_PARAM, String(state.page), "1");
    writeParam(params, SIZE_PARAM, String(state.pageSize), String(DEFAULT_PAGE_SIZE));
  },
};

export const parseItemsTableState = (params: URLSearchParams): { state: ItemsTableState; issues: UrlIssue[] } =>
  readUrlView(ITEMS_URL_CODEC, params);

/** The table's sorting state as the service's `sort_by`; ids that are not sort fields are left out. */
export function sortingToSortBy(sorting: readonly { id: string; desc: boolean }[]): ItemSortBy[] {
  return sorting
    .filter((s) => isSortableItemField(s.id))
    .map((s) => ({ field: s.id as SortableItemField, direction: s.desc ? "desc" : "asc" }));
}

/** The service's sort keys as the table's sorting state, and back. */
export const sortByToSorting = (sort: readonly ItemSortBy[]): { id: string; desc: boolean }[] =>
  sort.map((s) => ({ id: s.field, desc: s.direction === "desc" }));

/**
 * The state as URL parameters, defaults left out so the plain table has a plain address.
 * `base` keeps parameters this module does not own.
 */
export const serializeItemsTableState = (state: ItemsTableState, base?: URLSearchParams): URLSearchParams =>
  writeUrlView(ITEMS_URL_CODEC, state, base);

/** The service's filter for the state; null when nothing is filtered. */
export function toItemsFilter(state: Pick<ItemsTableState, "states" | TextFilterKey>): ItemsFilter | null {
  const filter: ItemsFilter = {};
  for (const f of TEXT_FILTERS) {
    const value = state[f.key].trim();
    if (value) filter[f.field] = value;
  }
  if (state.states.length > 0) filter.annotation_states = [...state.states];
  return Object.keys(filter).length > 0 ? filter : null;
}

export const hasFilter = (state: Pick<ItemsTableState, "states" | TextFilterKey>): boolean =>
  toItemsFilter(state) !== null;

/** Whether a text (scalar) filter is set: the service then numbers positions within what it keeps. */
export const hasTextFilter = (state: Pick<ItemsTableState, TextFilterKey>): boolean =>
  TEXT_FILTERS.some((f) => state[f.key].trim() !== "");

/**
 * The request for one page. One row more than the page is asked for: the service sends no
 * total, and that extra row says whether a next page exists. Positions are always included.
 */
export function toItemsPageRequest(projectId: string, state: ItemsTableState): ItemsQueryRequest {
  return toListRequest(projectId, state, { offset: (state.page - 1) * state.pageSize, limit: state.pageSize + 1 });
}

/** A window of the table's list (its filter and sort) at any offset. */
export function toListRequest(
  projectId: string,
  state: Pick<ItemsTableState, "states" | "sort" | TextFilterKey>,
  window: { offset: number; limit: number },
): ItemsQueryRequest {
  const filter = toItemsFilter(state);
  return {
    project_id: projectId,
    ...(filter ? { filter } : {}),
    ...(state.sort.length > 0 ? { sort_by: state.sort.map((s) => ({ ...s })) } : {}),
    offset: window.offset,
    limit: window.limit,
    include_position: true,
  };
}

/** Whether an item passes the table's filter: every filter field is equality or membership on the item. */
export function matchesFilter(
  item: {
    id: string;
    call_id: string;
    call_op_name: string;
    call_trace_id: string;
    added_by?: string | null;
    annotation_state: AnnotationState;
  },
  state: Pick<ItemsTableState, "states" | TextFilterKey>,
): boolean {
  const filter = toItemsFilter(state);
  if (!filter) return true;
  if (filter.annotation_states && !filter.annotation_states.includes(item.annotation_state)) return false;
  for (const f of TEXT_FILTERS) {
    const wanted = filter[f.field];
    if (typeof wanted === "string" && (item[f.field] ?? "") !== wanted) return false;
  }
  return true;
}
