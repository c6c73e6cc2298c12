import { hashKey, type Query, type QueryClient } from "@tanstack/react-query";
import type { AnnotationQueueItem, ItemSortBy, ItemsQueryRequest, ItemsQueryResponse } from "../../../../contract/trace";
import type { ClientScope } from "../../../api/client-config";
import { traceKeys } from "../../../api/query-keys";
import { neighboursIn, type ListWindow } from "./list-window";

/**
 * What the cache already holds of a queue's lists: the table's pages and the review's windows.
 * Opening an item from the table paints from them at once (its row, and its neighbours, so the
 * read-ahead starts with the first paint), while the fresh reads are under way.
 */

type Cached = { window: ListWindow; updatedAt: number };

// A table page becomes a window once per page read, so the review sees the same object each render.
const pageWindows = new WeakMap<ItemsQueryResponse, ListWindow>();

function asWindow(request: ItemsQueryRequest, page: ItemsQueryResponse): ListWindow {
  let window = pageWindows.get(page);
  if (!window) {
    // The table asks for one row more than it shows: a short answer means the list ends there.
    window = { offset: request.offset ?? 0, items: page.items, reachesEnd: request.limit == null || page.items.length < request.limit };
    pageWindows.set(page, window);
  }
  return window;
}

/** The list a cached query read, as a request without paging, or null for other queries (a single item's read). */
function windowOf(key: readonly unknown[], data: unknown): { list: ItemsQueryRequest; window: ListWindow } | null {
  if (key[0] === "around") return data && key[1] ? { list: key[1] as ItemsQueryRequest, window: data as ListWindow } : null;
  const request = key[0] as ItemsQueryRequest | undefined;
  if (!request || typeof request !== "object" || !data || request.include_position !== true) return null;
  return { list: { ...request, offset: 0, limit: 0 }, window: asWindow(request, data as ItemsQueryResponse) };
}

function cachedQueries(queryClient: QueryClient, scope: ClientScope, queueId: string): { rest: readonly unknown[]; query: Query }[] {
  const prefix = traceKeys.itemPages(scope, queueId);
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .map((query) => ({ rest: query.queryKey.slice(prefix.length), query }));
}

/** Every cached window of the list `list` (a request without paging), newest first. */
export function cachedWindows(queryClient: QueryClient, scope: ClientScope, queueId: string, list: ItemsQueryRequest): Cached[] {
  const wanted = hashKey([list]);
  const found: Cached[] = [];
  for (const { rest, query } of cachedQueries(queryClient, scope, queueId)) {
    const cached = windowOf(rest, query.state.data);
    if (cached && hashKey([cached.list]) === wanted) found.push({ window: cached.window, updatedAt: query.state.dataUpdatedAt });
  }
  return found;
}

/** The newest cached window of the list that can tell the item's neighbours, if any. */
export function cachedWindowPlacing(
  queryClient: QueryClient,
  scope: ClientScope,
  queueId: string,
  list: ItemsQueryRequest,
  item: AnnotationQueueItem,
  sort: readonly ItemSortBy[],
  listed?: (item: AnnotationQueueItem) => boolean,
): ListWindow | undefined {
  return cachedWindows(queryClient, scope, queueId, list).find(({ window }) => neighboursIn(window, item, sort, listed) !== undefined)?.window;
}

/** The item's row as last read in any of the queue's cached lists, if one holds it. */
export function cachedRow(queryClient: QueryClient, scope: ClientScope, queueId: string, itemId: string): AnnotationQueueItem | undefined {
  for (const { query } of cachedQueries(queryClient, scope, queueId)) {
    const items = (query.state.data as { items?: unknown }).items;
    const row = Array.isArray(items) ? (items as AnnotationQueueItem[]).find((i) => i?.id === itemId) : undefined;
    if (row) return row;
  }
  return undefined;
}
