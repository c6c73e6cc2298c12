import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClientScope } from "@/api/client-config";
import { scopedKey } from "@/api/query-key";
import type { EventPageParams, TrainingClient } from "@/api/training";
import { useApiClients } from "@/connection/api-clients";

/** A training job's reads: its key family, query options and hook, together. */
export const jobKeys = {
  all: (scope: ClientScope) => scopedKey(scope, "jobs"),
  detail: (scope: ClientScope, jobId: string) => [...jobKeys.all(scope), "detail", jobId] as const,
  events: (scope: ClientScope, jobId: string) => [...jobKeys.detail(scope, jobId), "events"] as const,
  eventPage: (scope: ClientScope, jobId: string, params: EventPageParams) =>
    [...jobKeys.events(scope, jobId), params] as const,
};

export const jobQueries = {
  job: (client: TrainingClient, jobId: string) =>
    queryOptions({
      queryKey: jobKeys.detail(client.scope, jobId),
      queryFn: ({ signal }) => client.getJob(jobId, { signal }),
    }),

  /** One page of a job's events after the event id `params.after`. */
  eventsPage: (client: TrainingClient, jobId: string, params: EventPageParams = {}) =>
    queryOptions({
      queryKey: jobKeys.eventPage(client.scope, jobId, params),
      queryFn: ({ signal }) => client.listEvents(jobId, params, { signal }),
    }),
};

/** One job's record (status, model, timestamps). */
export function useTrainingJob(jobId: string) {
  const { training } = useApiClients();
  return useQuery(jobQueries.job(training, jobId));
}
