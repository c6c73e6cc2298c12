import { formatSortParam, parseSortParam, type SortDirection } from "../../lib/url-state/sort-param";

/**
 * The catalog's state in the query string: `q` (search), `provider`, `sort` and `model` (the
 * open detail panel), so a filtered view can be shared, survives a reload and the back button.
 * Unknown or malformed values fall back to the defaults rather than failing.
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
export function parseSort(value: string | null): SortState {
  const [first] = parseSortParam(value, SORT_KEYS);
  return first ? { key: first.field, direction: first.direction } : DEFAULT_SORT;
}

export function formatSort(sort: SortState): string {
  return formatSortParam([{ field: sort.key, direction: sort.direction }]);
}

export function parseCatalogParams(params: URLSearchParams): CatalogUrlState {
  return {
    q: params.get("q") ?? "",
    provider: params.get("provider") || null,
    sort: parseSort(params.get("sort")),
    model: params.get("model") || null,
  };
}

/**
 * The query string with `patch` applied. Defaults are left out so the plain address stays
 * plain; parameters that belong to someone else are kept.
 */
export function withCatalogParams(params: URLSearchParams, patch: Partial<CatalogUrlState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  if (patch.q !== undefined) set("q", patch.q.trim() === "" ? null : patch.q);
  if (patch.provider !== undefined) set("provider", patch.provider);
  if (patch.sort !== undefined) {
    const isDefault = patch.sort.key === DEFAULT_SORT.key && patch.sort.direction === DEFAULT_SORT.direction;
    set("sort", isDefault ? null : formatSort(patch.sort));
  }
  if (patch.model !== undefined) set("model", patch.model);
  return next;
}

/** Clicking a header: a new column starts ascending (dates and prices too); the same one flips. */
export function toggleSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: "asc" };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}
