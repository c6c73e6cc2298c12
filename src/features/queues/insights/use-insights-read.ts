import { useQuery } from "@tanstack/react-query";
import type { AnnotationQueue } from "@contract/trace";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { useQueueTotals } from "../api/queue";
import { useTeamSettings } from "../api/team-settings";
import { useQueueInsights } from "./use-queue-insights";

const NO_REFS: readonly string[] = [];

/**
 * Everything a whole-queue read of the figures waits for, then the read: the queue's questions
 * (their specs), its team settings, and the insights computed from them. What the Insights page
 * and the queue page's team panel share, under one cache key, so either one's read serves the other.
 * `queue` is the queue's record once read; `ready` says the read can start (Refresh waits for it).
 */
export function useInsightsRead(project: string, queueId: string, queue: AnnotationQueue | undefined) {
  const { trace } = useApiClients();
  const refs = queue?.scorer_refs ?? NO_REFS;
  const specs = useQuery({ ...traceQueries.queueSpecs(trace, refs), enabled: queue !== undefined && refs.length > 0 });
  // The questions must be known before the read: no refs means none, else wait for them.
  const specList = queue === undefined ? undefined : refs.length === 0 ? [] : specs.data?.specs;
  const team = useTeamSettings(project, queueId);
  // Settings that cannot be read do not hold the figures up: they are counted without them, and the page says so.
  const teamForRead = team.known ? team.settings : team.isError ? null : undefined;
  // The queue's count plans the pages read at once; stats that cannot be read leave the read to find the end.
  const totals = useQueueTotals(project, queueId);
  const expectedItems = totals.isSuccess ? (totals.data?.total_items ?? 0) : totals.isError ? 0 : undefined;
  const read = useQueueInsights(project, queueId, specList, teamForRead, expectedItems);
  return {
    specs,
    team,
    ready: specList !== undefined && teamForRead !== undefined && expectedItems !== undefined,
    ...read,
  };
}
