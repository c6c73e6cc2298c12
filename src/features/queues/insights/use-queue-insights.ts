import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { traceKeys } from "@/api/query-keys";
import { useApiClients } from "@/settings/api-clients";
import { dayInTimeZone } from "./day-buckets";
import { insightsFetchers } from "./insights-fetchers";
import { reportInsightsProgress, useInsightsProgress } from "./insights-progress";
import { loadQueueInsights } from "./load-insights";

/** Figures of a queue stay this long before a visit reads the queue again (Refresh reads it at once). */
const INSIGHTS_FRESH_MS = 5 * 60_000;
/** ... and are kept this long after the page is left, so coming back is instant. */
const INSIGHTS_KEPT_MS = 30 * 60_000;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The insights of one queue, read and computed in the browser (the real trace service has no
 * insights endpoint), cached by React Query. `cancel` stops a read in flight; `cancelled` says a
 * read was stopped and nothing was computed.
 */
export function useQueueInsights(projectId: string, queueId: string, specs: readonly QueueSpec[] | undefined) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const timeZone = useMemo(() => browserTimeZone(), []);
  const refs = useMemo(() => (specs ?? []).map((spec) => spec.ref), [specs]);
  const queryKey = useMemo(() => traceKeys.queueInsights(trace.scope, projectId, queueId, refs, timeZone), [trace.scope, projectId, queueId, refs, timeZone]);
  const [cancelled, setCancelled] = useState(false);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const list = specs ?? [];
      try {
        return await loadQueueInsights({
          ...insightsFetchers(trace, projectId, queueId, list),
          specs: list,
          dayOf: dayInTimeZone(timeZone),
          signal,
          onProgress: (progress) => reportInsightsProgress(queryKey, progress),
        });
      } finally {
        reportInsightsProgress(queryKey, null);
      }
    },
    enabled: specs !== undefined && !cancelled,
    staleTime: INSIGHTS_FRESH_MS,
    gcTime: INSIGHTS_KEPT_MS,
    // Ten thousand items in one object: comparing the old and new figures deeply buys nothing.
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
