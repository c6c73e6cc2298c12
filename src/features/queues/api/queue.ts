import { queryOptions, useQuery } from "@tanstack/react-query";
import type { QueueStatsRequest } from "@contract/trace";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";

/** One queue's record and the stats of queues: key family, query options and hooks. */
export const queueKeys = {
  details: (scope: ClientScope) => [...traceKeys.queues(scope), "detail"] as const,
  detail: (scope: ClientScope, projectId: string, queueId: string) =>
    [...queueKeys.details(scope), projectId, queueId] as const,
  /** Stats of any set of queues: invalidate after a queue is created or deleted. */
  allStats: (scope: ClientScope) => [...traceKeys.queues(scope), "stats"] as const,
  stats: (scope: ClientScope, req: QueueStatsRequest) => [...queueKeys.allStats(scope), req] as const,
};

export const queueQueries = {
  queue: (client: TraceClient, projectId: string, queueId: string) =>
    queryOptions({
      queryKey: queueKeys.detail(client.scope, projectId, queueId),
      queryFn: ({ signal }) => client.readQueue(projectId, queueId, { signal }),
    }),

  stats: (client: TraceClient, req: QueueStatsRequest) =>
    queryOptions({
      queryKey: queueKeys.stats(client.scope, req),
      queryFn: ({ signal }) => client.queueStats(req, { signal }),
    }),
};

/** One queue's record (name, description) for a page header. */
export function useQueue(projectId: string, queueId: string) {
  const { trace } = useApiClients();
  return useQuery({ ...queueQueries.queue(trace, projectId, queueId), enabled: projectId !== "" });
}

/**
 * Totals of one queue. `completed_items` counts items some annotator completed or skipped
 * (server/trace/queues.ts, as the real service does), so it is "done", not only "completed".
 */
export function useQueueTotals(projectId: string, queueId: string, options: { refetchIntervalMs?: number } = {}) {
  const { trace } = useApiClients();
  return useQuery({
    ...queueQueries.stats(trace, { project_id: projectId, queue_ids: [queueId] }),
    enabled: projectId !== "",
    select: (stats) => stats.find((s) => s.queue_id === queueId) ?? null,
    refetchInterval: options.refetchIntervalMs,
  });
}
