import { hashKey, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { reportInsightsProgress, useInsightsProgress } from "./insights-progress";
import { emptyReadState, type InsightsProgress, type InsightsReadState } from "./load-insights";

/**
 * What a failed or cancelled read had got, by query key: Retry and "Read again" go on from there
 * instead of reading it all again. Dropped once a read succeeds.
 */
const unfinishedReads = new Map<string, InsightsReadState>();

/** A whole-queue read stays this long before a visit reads the queue again (Refresh reads it at once). */
const QUEUE_READ_FRESH_MS = 5 * 60_000;
/** ... and is kept this long after the page is left, so coming back is instant. */
const QUEUE_READ_KEPT_MS = 30 * 60_000;

/**
 * A read of a whole queue (Insights, the Train page) through React Query, with its progress and
 * Cancel: `cancel` stops a read in flight and keeps it stopped (`cancelled`) until `reload`.
 */
export function useQueueRead<T>({
  queryKey,
  enabled,
  load,
}: {
  queryKey: QueryKey;
  enabled: boolean;
  load: (signal: AbortSignal, onProgress: (progress: InsightsProgress) => void, state: InsightsReadState) => Promise<T>;
}) {
  const queryClient = useQueryClient();
  const [cancelled, setCancelled] = useState(false);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const hash = hashKey(queryKey);
      const state = unfinishedReads.get(hash) ?? emptyReadState();
      unfinishedReads.set(hash, state);
      try {
        const result = await load(signal, (progress) => reportInsightsProgress(queryKey, progress), state);
        unfinishedReads.delete(hash);
        return result;
      } finally {
        reportInsightsProgress(queryKey, null);
      }
    },
    enabled: enabled && !cancelled,
    staleTime: QUEUE_READ_FRESH_MS,
    gcTime: QUEUE_READ_KEPT_MS,
    // Thousands of items in one object: comparing the old and new results deeply buys nothing.
    structuralSharing: false,
  });
  const progress = useInsightsProgress(queryKey);
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
