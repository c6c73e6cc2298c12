import { useMemo } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { useApiClients } from "@/connection/api-clients";
import { itemKeys } from "../api/items";
import { dayInTimeZone } from "./day-buckets";
import { insightsFetchers } from "./insights-fetchers";
import { loadQueueInsights } from "./load-insights";
import { useQueueRead } from "./use-queue-read";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The insights of one queue, read and computed in the browser (the real trace service has no
 * insights endpoint), cached by React Query. `cancel` stops a read in flight; `cancelled` says a
 * read was stopped and nothing was computed.
 */
export function useQueueInsights(projectId: string, queueId: string, specs: readonly QueueSpec[] | undefined) {
  const { trace } = useApiClients();
  const timeZone = useMemo(() => browserTimeZone(), []);
  const refs = useMemo(() => (specs ?? []).map((spec) => spec.ref), [specs]);
  const queryKey = useMemo(
    () => itemKeys.insights(trace.scope, projectId, queueId, refs, timeZone),
    [trace.scope, projectId, queueId, refs, timeZone],
  );
  return useQueueRead({
    queryKey,
    enabled: specs !== undefined,
    load: (signal, onProgress) => {
      const list = specs ?? [];
      return loadQueueInsights({
        ...insightsFetchers(trace, projectId, queueId, list),
        specs: list,
        dayOf: dayInTimeZone(timeZone),
        signal,
        onProgress,
      });
    },
  });
}
