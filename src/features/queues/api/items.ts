import { partialMatchKey, queryOptions, type QueryKey } from "@tanstack/react-query";
import type { ItemsQueryRequest } from "@contract/trace";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";

/**
 * A queue's items: pages, the review's reads, and the insights figured from them. All under
 * `traceKeys.items`, so one progress change marks every one of them stale.
 */
export const itemKeys = {
  pages: (scope: ClientScope, queueId: string) => [...traceKeys.items(scope, queueId), "list"] as const,
  page: (scope: ClientScope, queueId: string, req: ItemsQueryRequest) =>
    [...itemKeys.pages(scope, queueId), req] as const,
  /** The review's reads: one item, and windows of a list around one. Under the pages, so optimistic changes patch them too. */
  reads: (scope: ClientScope, queueId: string) => [...itemKeys.pages(scope, queueId), "item"] as const,
  read: (scope: ClientScope, queueId: string, itemId: string) => [...itemKeys.reads(scope, queueId), itemId] as const,
  windows: (scope: ClientScope, queueId: string) => [...itemKeys.pages(scope, queueId), "around"] as const,
  /** The queue positions the review has seen, per list: kept while the list stays the same, never read from the service. */
  positions: (scope: ClientScope, queueId: string) => [...traceKeys.items(scope, queueId), "positions"] as const,
  /** Figures over every item of a queue and its answers: under the items, so a progress change marks them stale; a saved answer marks `insightsAll`. */
  insightsAll: (scope: ClientScope, queueId: string) => [...traceKeys.items(scope, queueId), "insights"] as const,
  insights: (scope: ClientScope, projectId: string, queueId: string, specRefs: readonly string[], timeZone: string) =>
    [...itemKeys.insightsAll(scope, queueId), projectId, specRefs, timeZone] as const,
};

/** Whether a key is one of the review's own reads of a queue (an item, a window), rather than a table page. */
export function isReviewReadKey(key: QueryKey, scope: ClientScope, queueId: string): boolean {
  return partialMatchKey(key, itemKeys.reads(scope, queueId)) || partialMatchKey(key, itemKeys.windows(scope, queueId));
}

export const itemQueries = {
  /**
   * One page of a queue's items. The table adds `placeholderData: keepPreviousData` so it keeps
   * the old page on screen while the next one loads.
   */
  page: (client: TraceClient, queueId: string, req: ItemsQueryRequest) =>
    queryOptions({
      queryKey: itemKeys.page(client.scope, queueId, req),
      queryFn: ({ signal }) => client.queryItems(queueId, req, { signal }),
    }),
};
