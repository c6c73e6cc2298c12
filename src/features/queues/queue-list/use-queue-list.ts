import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { QueueStats } from "@contract/trace";
import { traceQueries } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";
import { queueQueries } from "../api/queue";
import { QUEUE_LIST_LIMIT, queueListRequest } from "./queue-list-request";

/** The project's queues matching `name` (server-side, case-insensitive), newest first, with their totals. */
export function useQueueList(projectId: string, name: string) {
  const { trace } = useApiClients();
  const queues = useQuery({
    ...traceQueries.queues(trace, queueListRequest(projectId, name)),
    enabled: projectId !== "",
    placeholderData: keepPreviousData,
  });
  const shown = useMemo(() => queues.data?.slice(0, QUEUE_LIST_LIMIT), [queues.data]);
  const ids = useMemo(() => (shown ?? []).map((q) => q.id), [shown]);
  const stats = useQuery({
    ...queueQueries.stats(trace, { project_id: projectId, queue_ids: ids }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    select: (rows): Map<string, QueueStats> => new Map(rows.map((row) => [row.queue_id, row])),
  });
  return { queues, shown, more: (queues.data?.length ?? 0) > QUEUE_LIST_LIMIT, stats };
}

/**
 * The list's first data into the cache before the page first renders (app/routes.tsx, on a cold
 * load): the queues, then their totals, with useQueueList's own queries, so the page finds both
 * there. Settles either way: a failure stays in the cache for the page to show, with its Retry.
 */
export async function prefetchQueueList(
  trace: TraceClient,
  queryClient: QueryClient,
  projectId: string,
  name: string,
): Promise<void> {
  try {
    const queues = await queryClient.fetchQuery(traceQueries.queues(trace, queueListRequest(projectId, name)));
    const ids = queues.slice(0, QUEUE_LIST_LIMIT).map((q) => q.id);
    if (ids.length > 0)
      await queryClient.prefetchQuery(queueQueries.stats(trace, { project_id: projectId, queue_ids: ids }));
  } catch {
    // The page's own query reports it.
  }
}
