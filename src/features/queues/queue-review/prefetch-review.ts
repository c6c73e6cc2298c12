import type { QueryClient } from "@tanstack/react-query";
import type { TraceClient } from "@/api/trace";
import { callQueries } from "../api/call";
import { queueQueries } from "../api/queue";
import { itemQueryOptions } from "./use-review-queries";

/**
 * The review's first data into the cache before it first renders (app/routes.tsx, on a cold load):
 * the queue, the item and then the item's call, with the page's own query options, so they adopt
 * the requests boot.ts sent (app/first-page-request.ts). Settles either way: a failure is the
 * page's to show.
 */
export async function prefetchReview(
  trace: TraceClient,
  queryClient: QueryClient,
  projectId: string,
  queueId: string,
  itemId: string,
): Promise<void> {
  const [, item] = await Promise.all([
    queryClient.prefetchQuery(queueQueries.queue(trace, projectId, queueId)),
    queryClient.fetchQuery(itemQueryOptions(trace, projectId, queueId, itemId)).catch(() => undefined),
  ]);
  const callId = item?.items[0]?.call_id;
  if (callId) await queryClient.prefetchQuery(callQueries.call(trace, { project_id: projectId, id: callId }));
}
