import { useQuery } from "@tanstack/react-query";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/settings/api-clients";

/** One queue's record (name, description) for a page header. */
export function useQueue(projectId: string, queueId: string) {
  const { trace } = useApiClients();
  return useQuery({ ...traceQueries.queue(trace, projectId, queueId), enabled: projectId !== "" });
}

/**
 * Totals of one queue. `completed_items` counts items some annotator completed or skipped
 * (server/trace/queues.ts, as the real service does), so it is "done", not only "completed".
 */
export function useQueueTotals(projectId: string, queueId: string, options: { refetchIntervalMs?: number } = {}) {
  const { trace } = useApiClients();
  return useQuery({
    ...traceQueries.queueStats(trace, { project_id: projectId, queue_ids: [queueId] }),
    enabled: projectId !== "",
    select: (stats) => stats.find((s) => s.queue_id === queueId) ?? null,
    refetchInterval: options.refetchIntervalMs,
  });
}
