import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { QueueStats, QueuesQueryRequest } from "@contract/trace";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { queueQueries } from "../api/queue";

/** More than this many queues is unusual; the list says so and asks for a narrower search. */
export const QUEUE_LIST_LIMIT = 200;

export function queueListRequest(projectId: string, name: string): QueuesQueryRequest {
  return {
    project_id: projectId,
    ...(name ? { name } : {}),
    sort_by: [{ field: "created_at", direction: "desc" }],
    // One more than shown tells whether there are more.
    limit: QUEUE_LIST_LIMIT + 1,
  };
}

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
