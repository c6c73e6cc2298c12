import { queryOptions } from "@tanstack/react-query";
import type { Checkpoint } from "@contract/training";
import type { ClientScope } from "../client-config";
import { scopedKey } from "../query-key";
import type { CheckpointPageParams, EventPageParams, TrainingClient } from "../training";

/**
 * Key factories of this service's reads, general to specific (query-key.ts), so a mutation can
 * invalidate exactly the right prefix.
 */
export const trainingKeys = {
  all: (scope: ClientScope) => scopedKey(scope),
  models: (scope: ClientScope) => [...trainingKeys.all(scope), "models"] as const,
  model: (scope: ClientScope, modelId: string) => [...trainingKeys.models(scope), "detail", modelId] as const,
  /** Every checkpoint page of one model: invalidate after deleting checkpoints. */
  checkpoints: (scope: ClientScope, modelId: string) => [...trainingKeys.model(scope, modelId), "checkpoints"] as const,
  checkpointPage: (scope: ClientScope, modelId: string, params: CheckpointPageParams) =>
    [...trainingKeys.checkpoints(scope, modelId), params] as const,
  /** A model's logged metrics of one split (local services only: GET /local/models/{id}/logs). */
  modelLogs: (scope: ClientScope, modelId: string, split: string) => [...trainingKeys.model(scope, modelId), "logs", split] as const,
  jobs: (scope: ClientScope) => [...trainingKeys.all(scope), "jobs"] as const,
  job: (scope: ClientScope, jobId: string) => [...trainingKeys.jobs(scope), "detail", jobId] as const,
  jobEvents: (scope: ClientScope, jobId: string) => [...trainingKeys.job(scope, jobId), "events"] as const,
  jobEventPage: (scope: ClientScope, jobId: string, params: EventPageParams) => [...trainingKeys.jobEvents(scope, jobId), params] as const,
  health: (scope: ClientScope) => [...trainingKeys.all(scope), "health"] as const,
  systemCheck: (scope: ClientScope) => [...trainingKeys.all(scope), "system-check"] as const,
};

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

  /**
   * Every checkpoint of a model, read page by page (100 at a time) and folded into counts, its steps
   * and each metric's extremes, so "best checkpoint" is right across all pages, not just the one
   * shown, and a delete can say which typed steps exist.
   * Under the model's checkpoints key: deleting checkpoints invalidates it too.
   */
  checkpointStats: (client: TrainingClient, modelId: string) =>
    queryOptions({
      queryKey: [...trainingKeys.checkpoints(client.scope, modelId), "stats"] as const,
      queryFn: async ({ signal }) => {
        const stats: CheckpointStats = { count: 0, firstStep: null, lastStep: null, steps: [], checkpoints: [], metrics: {} };
        let after: string | undefined;
        for (;;) {
          const page = await client.listCheckpoints(modelId, { after, limit: 100, order: "asc" }, { signal });
          for (const checkpoint of page.data) foldCheckpoint(stats, checkpoint);
          const last = page.data.at(-1);
          if (!page.has_more || !last) return stats;
          after = page.last_id ?? last.id;
        }
      },
    }),
};

export type MetricExtremes = { min: { step: number; value: number }; max: { step: number; value: number } };
export type CheckpointStats = {
  count: number;
  firstStep: number | null;
  lastStep: number | null;
  /** Every checkpoint's step, in the order read (ascending). */
  steps: number[];
  /** Every checkpoint, by step: the service sorts by step only, so a table sorted by a metric sorts these. */
  checkpoints: Checkpoint[];
  metrics: Record<string, MetricExtremes>;
};

function foldCheckpoint(stats: CheckpointStats, checkpoint: Checkpoint): void {
  stats.count += 1;
  stats.checkpoints.push(checkpoint);
  stats.steps.push(checkpoint.step);
  stats.firstStep = stats.firstStep === null ? checkpoint.step : Math.min(stats.firstStep, checkpoint.step);
  stats.lastStep = stats.lastStep === null ? checkpoint.step : Math.max(stats.lastStep, checkpoint.step);
  for (const [name, value] of Object.entries(checkpoint.metrics)) {
    if (!Number.isFinite(value)) continue;
    const known = stats.metrics[name];
    if (!known) {
      stats.metrics[name] = { min: { step: checkpoint.step, value }, max: { step: checkpoint.step, value } };
      continue;
    }
    if (value < known.min.value) known.min = { step: checkpoint.step, value };
    if (value > known.max.value) known.max = { step: checkpoint.step, value };
  }
}
