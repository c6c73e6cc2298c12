import { hashKey, partialMatchKey, type Query, type QueryClient } from "@tanstack/react-query";
import type { AnnotationQueueItem, ItemsQueryRequest, ItemsQueryResponse } from "@contract/trace";
import type { ClientScope } from "@/api/client-config";
import { itemKeys } from "../api/items";

/**
 * What the cache already holds of a queue's items: the table's pages, the review's windows and
 * item reads. Opening an item from the table paints from them at once (its row, and its
 * neighbours, so the read-ahead starts with the first paint), and the table's Operation filter
 * offers the op names seen in them.
 */

/** Consecutive rows of a list (its filter and sort), as read at one time: a table page or a review window. */
export type ListWindow = {
  offset: number;
  items: readonly AnnotationQueueItem[];
  /** True when the read came back short: no row follows the last one. */
  reachesEnd: boolean;
};

// A table page becomes a window once per page read, so the review sees the same object each render.
const pageWindows = new WeakMap<ItemsQueryResponse, ListWindow>();

function asWindow(request: ItemsQueryRequest, page: ItemsQueryResponse): ListWindow {
  let window = pageWindows.get(page);
  if (!window) {
    // The table asks for one row more than it shows: a short answer means the list ends there.
    window = {
      offset: request.offset ?? 0,
      items: page.items,
      reachesEnd: request.limit == null || page.items.length < request.limit,
    };
    pageWindows.set(page, window);
  }
  return window;
}

/** The queue's cached reads that hold rows: pages, windows and single items. */
function cachedReads(queryClient: QueryClient, scope: ClientScope, queueId: string): Query[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: itemKeys.pages(scope, queueId), predicate: (query) => query.state.data !== undefined });
}

const itemsOf = (query: Query): readonly AnnotationQueueItem[] => {
  const items = (query.state.data as { items?: unknown }).items;
  return Array.isArray(items) ? (items as AnnotationQueueItem[]) : [];
};

/** Every row the cache holds of the queue (a row read twice comes twice). */
export function cachedItems(queryClient: QueryClient, scope: ClientScope, queueId: string): AnnotationQueueItem[] {
  return cachedReads(queryClient, scope, queueId).flatMap(itemsOf);
}

/** The item's row as last read in any of the queue's cached reads, if one holds it. */
export function cachedRow(
  queryClient: QueryClient,
  scope: ClientScope,
  queueId: string,
  itemId: string,
): AnnotationQueueItem | undefined {
  let newest: { row: AnnotationQueueItem; at: number } | undefined;
  for (const query of cachedReads(queryClient, scope, queueId)) {
    if (newest && query.state.dataUpdatedAt <= newest.at) continue;
    const row = itemsOf(query).find((i) => i?.id === itemId);
    if (row) newest = { row, at: query.state.dataUpdatedAt };
  }
  return newest?.row;
}

/** The window a cached read is of the list `list` (a request without paging), or null for another list or a single item's read. */
function windowOfList(query: Query, scope: ClientScope, queueId: string, wanted: string): ListWindow | null {
  const windows = itemKeys.windows(scope, queueId);
  if (partialMatchKey(query.queryKey, windows)) {
    return hashKey([query.queryKey[windows.length]]) === wanted ? (query.state.data as ListWindow) : null;
  }
  const request = query.queryKey[itemKeys.pages(scope, queueId).length] as ItemsQueryRequest | undefined;
  // A table page's request asks for positions; a single item's read is keyed by its id (a string).
  if (!request || typeof request !== "object" || request.include_position !== true) return null;
  return hashKey([{ ...request, offset: 0, limit: 0 }]) === wanted
    ? asWindow(request, query.state.data as ItemsQueryResponse)
    : null;
}

/** The cached windows of the list `list` (a request without paging), table pages and review windows alike, newest first. */
export function cachedWindows(
  queryClient: QueryClient,
  scope: ClientScope,
  queueId: string,
  list: ItemsQueryRequest,
): ListWindow[] {
  const wanted = hashKey([list]);
  return cachedReads(queryClient, scope, queueId)
    .map((query) => ({ window: windowOfList(query, scope, queueId, wanted), at: query.state.dataUpdatedAt }))
    .filter((found): found is { window: ListWindow; at: number } => found.window !== null)
    .sort((a, b) => b.at - a.at)
    .map(({ window }) => window);
}
