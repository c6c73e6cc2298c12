import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { traceKeys } from "@/api/query-keys";
import { reportQueueReadProgress, useQueueReadProgress } from "@/features/queues";
import { useApiClients } from "@/settings/api-clients";
import { loadTrainingSource } from "./load-training-source";

/** A queue read for training stays this long before a visit reads it again (as the insights). */
const FRESH_MS = 5 * 60_000;
const KEPT_MS = 30 * 60_000;

/** The queue's items, calls and answers, read once per visit (React Query), with progress and Cancel. */
export function useTrainingSource(projectId: string, queueId: string, specs: readonly QueueSpec[] | undefined) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const refs = useMemo(() => (specs ?? []).map((spec) => spec.ref), [specs]);
  const queryKey = useMemo(() => traceKeys.queueTrainingSource(trace.scope, projectId, queueId, refs), [trace.scope, projectId, queueId, refs]);
  const [cancelled, setCancelled] = useState(false);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      try {
        return await loadTrainingSource({ trace, projectId, queueId, specs: specs ?? [], signal, onProgress: (progress) => reportQueueReadProgress(queryKey, progress) });
      } finally {
        reportQueueReadProgress(queryKey, null);
      }
    },
    // A queue without questions has no rewards: nothing to read.
    enabled: specs !== undefined && specs.length > 0 && !cancelled,
    staleTime: FRESH_MS,
    gcTime: KEPT_MS,
    // Thousands of calls with their conversations: comparing old and new deeply buys nothing.
    structuralSharing: false,
  });
  const progress = useQueueReadProgress(queryKey);
  const cancel = useCallback(() => {
    setCancelled(true);
    void queryClient.cancelQueries({ queryKey, exact: true });
  }, [queryClient, queryKey]);
  const { refetch } = query;
  const reload = useCallback(() => {
    setCancelled(false);
    void refetch();
  }, [refetch]);
  return { query, progress, cancelled, cancel, reload };
}
