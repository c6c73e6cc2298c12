import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { AnnotationQueueItem, ItemsQueryRequest, ItemsQueryResponse } from "@contract/trace";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";
import { itemKeys, itemQueries } from "../api/items";
import { queueQueries } from "../api/queue";
import { hasFilter, ITEMS_URL_CODEC, toItemsPageRequest, type ItemsTableState } from "../shared/items-url-state";

const NO_ITEMS: readonly AnnotationQueueItem[] = [];

export type ItemsPage = {
  /** The rows on screen: this page's, or the previous page's while this one loads. */
  items: readonly AnnotationQueueItem[];
  /** Offset of `items[0]` in the list (of the page shown, not necessarily the one asked for). */
  offset: number;
  hasNext: boolean;
  /** Rows matching the view when known: the queue's total when unfiltered, or learnt on the last page. */
  total: number | null;
};

/** The view's request as sent, kept with the data it produced (for placeholders of another size). */
type Shown = { request: ItemsQueryRequest; data: ItemsQueryResponse };

/**
 * One page of a queue's items for the table's view, fetched by the service. The old page stays on
 * screen while the next loads (placeholder), a superseded request is cancelled through React
 * Query's signal, and the following page is prefetched so "Next page" is instant.
 */
export function useItemsPage(projectId: string, queueId: string, state: ItemsTableState, queueTotal: number | null) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const request = useMemo(() => toItemsPageRequest(projectId, state), [projectId, state]);
  const queuePrefix = itemKeys.pages(trace.scope, queueId);

  const query = useQuery({
    ...itemQueries.page(trace, queueId, request),
    enabled: projectId !== "",
    // Keep the previous page only when it belongs to the same queue: another queue's rows would mislead.
    placeholderData: (previous, previousQuery) =>
      previousQuery && queuePrefix.every((part, i) => previousQuery.queryKey[i] === part) ? previous : undefined,
  });

  // Which request produced the data on screen: the current one, or the one before it while this loads.
  const [settled, setSettled] = useState<Shown | null>(null);
  if (query.data && !query.isPlaceholderData && (settled?.data !== query.data || settled.request !== request)) {
    setSettled({ request, data: query.data });
  }
  const shownRequest = query.isPlaceholderData ? settled?.request : request;
  const shownData = query.isPlaceholderData ? settled?.data : query.data;
  const described = useMemo(
    () => describePage(shownRequest, shownData, queueTotal),
    [shownRequest, shownData, queueTotal],
  );
  const askedOffset = request.offset ?? 0;
  const nothing = useMemo<ItemsPage>(
    () => ({ items: NO_ITEMS, offset: askedOffset, hasNext: false, total: null }),
    [askedOffset],
  );
  const page = described ?? nothing;

  const hasNext = page.hasNext && !query.isPlaceholderData;
  useEffect(() => {
    if (!hasNext || !projectId) return;
    const next = toItemsPageRequest(projectId, { ...state, page: state.page + 1 });
    void queryClient.prefetchQuery(itemQueries.page(trace, queueId, next));
  }, [hasNext, projectId, state, queueId, trace, queryClient]);

  return { query, page, request, filtered: hasFilter(state) };
}

function describePage(
  request: ItemsQueryRequest | undefined,
  data: ItemsQueryResponse | undefined,
  queueTotal: number | null,
): ItemsPage | null {
  if (!request || !data) return null;
  const pageSize = (request.limit ?? 1) - 1;
  const offset = request.offset ?? 0;
  const items = data.items.slice(0, pageSize);
  const hasNext = data.items.length > pageSize;
  // Unfiltered, the list is the whole queue; otherwise the total is known once its last page is seen.
  const total =
    !request.filter && queueTotal !== null
      ? queueTotal
      : !hasNext && (items.length > 0 || offset === 0)
        ? offset + items.length
        : null;
  return { items, offset, hasNext, total };
}

/**
 * The items table's first data into the cache before it first renders (app/routes.tsx, on a cold
 * load): the page's own queries for the address's view, adopting the requests boot.ts sent. Waits
 * for the queue and the rows (the page shows neither without both), not for the totals.
 */
export async function prefetchQueueItems(
  trace: TraceClient,
  queryClient: QueryClient,
  projectId: string,
  queueId: string,
  params: URLSearchParams,
): Promise<void> {
  const view = ITEMS_URL_CODEC.read(params, []);
  void queryClient.prefetchQuery(queueQueries.stats(trace, { project_id: projectId, queue_ids: [queueId] }));
  await Promise.all([
    queryClient.prefetchQuery(queueQueries.queue(trace, projectId, queueId)),
    queryClient.prefetchQuery(itemQueries.page(trace, queueId, toItemsPageRequest(projectId, view))),
  ]);
}
