import { queryOptions } from "@tanstack/react-query";
import { trainingKeys } from "../query-keys";
import type { CheckpointPageParams, EventPageParams, TrainingClient } from "../training";

/** queryOptions for each read of the training service; each passes React Query's `signal`. */
export const trainingQueries = {
  checkpointsPage: (client: TrainingClient, modelId: string, params: CheckpointPageParams = {}) =>
    queryOptions({
      queryKey: trainingKeys.checkpointPage(client.scope, modelId, params),
      queryFn: ({ signal }) => client.listCheckpoints(modelId, params, { signal }),
    }),

  job: (client: TrainingClient, jobId: string) =>
    queryOptions({
      queryKey: trainingKeys.job(client.scope, jobId),
      queryFn: ({ signal }) => client.getJob(jobId, { signal }),
    }),

  /** One page of a job's events after the event id `params.after`. */
  jobEventsPage: (client: TrainingClient, jobId: string, params: EventPageParams = {}) =>
    queryOptions({
      queryKey: trainingKeys.jobEventPage(client.scope, jobId, params),
      queryFn: ({ signal }) => client.listEvents(jobId, params, { signal }),
    }),

  health: (client: TrainingClient) =>
    queryOptions({
      queryKey: trainingKeys.health(client.scope),
      queryFn: ({ signal }) => client.health({ signal }),
    }),

  /** Resolves (not rejects) when a check fails: see SystemCheckResult. */
  systemCheck: (client: TrainingClient) =>
    queryOptions({
      queryKey: trainingKeys.systemCheck(client.scope),
      queryFn: ({ signal }) => client.systemCheck({ signal }),
    }),
};
