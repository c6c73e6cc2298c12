import { writeParam } from "@/lib/url-state/params";
import { formatSortParam, parseSortParam, type SortDirection } from "@/lib/url-state/sort-param";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { readUrlView, writeUrlView, type UrlViewCodec } from "@/lib/url-state/use-url-table";

/**
 * The catalog's state in the query string: `q` (search), `provider`, `sort` and `model` (the
 * open detail panel), so a filtered view can be shared, survives a reload and the back button.
 * Unknown or malformed values fall back to the defaults and are reported as a notice.
 */

export const SORT_KEYS = ["id", "provider", "owned_by", "context", "price", "created"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortState = { key: SortKey; direction: SortDirection };

export type CatalogUrlState = {
  q: string;
  /** A provider name, NO_PROVIDER for IDs without a "/", or null for all. */
  provider: string | null;
  sort: SortState;
  /** The model whose detail panel is open. */
  model: string | null;
};

/** The filter value of IDs that have no "<provider>/" part. */
export const NO_PROVIDER = "~none";

export const DEFAULT_SORT: SortState = { key: "id", direction: "asc" };

/** One sort key, in the app's one URL syntax ("created.desc"; the older "-created" still reads); anything else is the default order. */
export function parseSort(value: string | null, issues: UrlIssue[] = []): SortState {
  const [first, ...rest] = parseSortParam(value, SORT_KEYS, { issues });
  for (const extra of rest)
    issues.push({
      param: "sort",
      value: formatSortParam([extra]),
      reason: "the catalog sorts by one column at a time",
    });
  return first ? { key: first.field, direction: first.direction } : DEFAULT_SORT;
}

const isDefaultSort = (sort: SortState) => sort.key === DEFAULT_SORT.key && sort.direction === DEFAULT_SORT.direction;

/**
 * The catalog's parameters, read and written through lib/url-state. Defaults are left out so the
 * plain address stays plain; parameters that belong to someone else are kept.
 */
export const CATALOG_URL_CODEC: UrlViewCodec<CatalogUrlState> = {
  params: ["q", "provider", "sort", "model"],
  read: (params, issues) => ({
    // Kept as typed (spaces and all), so the box and the address agree while typing.
    q: params.get("q") ?? "",
    provider: params.get("provider") || null,
    sort: parseSort(params.get("sort"), issues),
    model: params.get("model") || null,
  }),
  write: (state, params) => {
    writeParam(params, "q", state.q.trim() === "" ? "" : state.q);
    writeParam(params, "provider", state.provider ?? "");
    writeParam(
      params,
      "sort",
      isDefaultSort(state.sort) ? "" : formatSortParam([{ field: state.sort.key, direction: state.sort.direction }]),
    );
    writeParam(params, "model", state.model ?? "");
  },
};

export const parseCatalogParams = (params: URLSearchParams): CatalogUrlState =>
  readUrlView(CATALOG_URL_CODEC, params).state;

/** The query string with `patch` applied. */
export const withCatalogParams = (params: URLSearchParams, patch: Partial<CatalogUrlState>): URLSearchParams =>
  writeUrlView(CATALOG_URL_CODEC, { ...parseCatalogParams(params), ...patch }, params);

/** Clicking a header: a new column starts ascending (dates and prices too); the same one flips. */
export function toggleSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: "asc" };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}
