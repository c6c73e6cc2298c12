import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { AnnotationQueueItem, ItemSortBy, ItemsQueryRequest } from "../../../../contract/trace";
import { traceQueries } from "../../../api/queries/trace";
import { traceKeys } from "../../../api/query-keys";
import type { TraceClient } from "../../../api/trace";
import { useApiClients } from "../../../app/api-clients";
import { matchesFilter, toListRequest, type ItemsTableState } from "../queue-items/items-url-state";
import { findNeighbours, type FetchWindow } from "./list-search";

/** While a review is open its data is re-read this often, so two annotators see each other's changes. */
export const REVIEW_REFRESH_MS = 5000;

const live = { refetchInterval: REVIEW_REFRESH_MS, refetchOnWindowFocus: "always" } as const;

/** The request that reads one item, with its position under the table's sort. */
export function itemRequest(projectId: string, itemId: string, sort: readonly ItemSortBy[]): ItemsQueryRequest {
  return {
    project_id: projectId,
    filter: { id: itemId },
    ...(sort.length > 0 ? { sort_by: sort.map((s) => ({ ...s })) } : {}),
    limit: 1,
    include_position: true,
  };
}

/** The item itself (the service has no "read item" call: the items query filtered by id). */
export function useReviewItem(projectId: string, queueId: string, itemId: string, sort: readonly ItemSortBy[]) {
  const { trace } = useApiClients();
  const request = useMemo(() => itemRequest(projectId, itemId, sort), [projectId, itemId, sort]);
  return useQuery({
    ...traceQueries.itemsPage(trace, queueId, request),
    ...live,
    select: (data): AnnotationQueueItem | null => data.items[0] ?? null,
  });
}

/** One window of the table's list, read through the query cache (so repeated probes are free). */
export function listWindowFetcher(
  queryClient: ReturnType<typeof useQueryClient>,
  trace: TraceClient,
  projectId: string,
  queueId: string,
  view: Pick<ItemsTableState, "states" | "sort" | "op" | "callId" | "traceId" | "itemId" | "addedBy">,
  signal?: AbortSignal,
): FetchWindow {
  return async (offset, limit) => {
    const request = toListRequest(projectId, view, { offset, limit });
    const data = await queryClient.fetchQuery({
      queryKey: traceKeys.itemPage(trace.scope, queueId, request),
      queryFn: ({ signal: own }) => trace.queryItems(queueId, request, { signal: signal ?? own }),
      staleTime: 1000,
    });
    return data.items;
  };
}

/**
 * The items before and after this one in the table's list (its filter and sort), refreshed with
 * the item. `hint` is the index the table opened it at.
 */
export function useNeighbours(projectId: string, queueId: string, view: ItemsTableState, item: AnnotationQueueItem | null | undefined, hint: number | null) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const inList = item ? matchesFilter(item, view) : false;
  const listKey = useMemo(() => toListRequest(projectId, view, { offset: 0, limit: 0 }), [projectId, view]);
  const query = useQuery({
    queryKey: [...traceKeys.items(trace.scope, queueId), "neighbours", listKey, item?.id, item?.position_in_queue, inList, hint] as const,
    queryFn: ({ signal }) =>
      findNeighbours(listWindowFetcher(queryClient, trace, projectId, queueId, view, signal), item!, {
        hint: hint ?? (item?.position_in_queue ? item.position_in_queue - 1 : null),
        inList,
      }),
    enabled: !!item,
    ...live,
    // A new item's neighbours replace the old ones only when they arrive; until then keep showing these.
    placeholderData: (previous) => previous,
  });

  // Make Previous/Next instant: their items are already known, and their calls can load now.
  const { prev, next } = query.data ?? {};
  useEffect(() => {
    for (const neighbour of [next, prev]) {
      if (!neighbour) continue;
      const key = traceQueries.itemsPage(trace, queueId, itemRequest(projectId, neighbour.item.id, view.sort)).queryKey;
      if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, { items: [neighbour.item] }, { updatedAt: Date.now() - REVIEW_REFRESH_MS });
      void queryClient.prefetchQuery(traceQueries.call(trace, { project_id: projectId, id: neighbour.item.call_id }));
    }
  }, [prev, next, queryClient, trace, queueId, projectId, view.sort]);

  return { query, inList };
}

/** The call an item points to, read with /call/read. */
export function useCall(projectId: string, callId: string | undefined) {
  const { trace } = useApiClients();
  return useQuery({ ...traceQueries.call(trace, { project_id: projectId, id: callId ?? "" }), enabled: !!callId });
}
