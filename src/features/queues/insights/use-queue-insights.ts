import { useMemo } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { useApiClients } from "@/connection/api-clients";
import { itemKeys } from "../api/items";
import type { TeamSettings } from "../team/team-settings";
import { dayInTimeZone } from "./day-buckets";
import { insightsFetchers } from "./insights-fetchers";
import { loadQueueInsights } from "./load-insights";
import { specsAsAnswered } from "./team-reading";
import { useQueueRead } from "./use-queue-read";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The insights of one queue, read and computed in the browser (the real trace service has no
 * insights endpoint), cached by React Query. `team` is the queue's team settings: undefined while
 * they are read (nothing is read until then), null when they could not be read (the figures then
 * count as a queue without them does). `cancel` stops a read in flight; `cancelled` says a read
 * was stopped and nothing was computed. `expectedItems` is the queue's item count from its stats
 * (0 when they could not be read): undefined holds the read until they are known, as it plans the pages.
 */
export function useQueueInsights(
  projectId: string,
  queueId: string,
  specs: readonly QueueSpec[] | undefined,
  team: TeamSettings | null | undefined,
  expectedItems: number | undefined,
) {
  const { trace } = useApiClients();
  const timeZone = useMemo(() => browserTimeZone(), []);
  const refs = useMemo(() => (specs ?? []).map((spec) => spec.ref), [specs]);
  const queryKey = useMemo(
    () => [...itemKeys.insights(trace.scope, projectId, queueId, refs, timeZone), { team: team ?? null }] as const,
    [trace.scope, projectId, queueId, refs, timeZone, team],
  );
  return useQueueRead({
    queryKey,
    enabled: specs !== undefined && team !== undefined && expectedItems !== undefined,
    load: (signal, onProgress, state) => {
      const known = team ?? undefined;
      const list = specsAsAnswered(specs ?? [], known);
      return loadQueueInsights({
        ...insightsFetchers(trace, projectId, queueId, list),
        specs: list,
        team: known,
        dayOf: dayInTimeZone(timeZone),
        signal,
        onProgress,
        expectedItems,
        state,
      });
    },
  });
}
