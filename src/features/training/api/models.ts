import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Checkpoint, LocalLoggedMetrics } from "@contract/training";
import type { ClientScope } from "@/api/client-config";
import { scopedKey } from "@/api/query-key";
import type { CheckpointPageParams, TrainingClient } from "@/api/training";
import { useApiClients } from "@/connection/api-clients";

/** 10 pages of 1,000: a model evaluated at every one of 10,000 steps. */
const MAX_LOG_PAGES = 10;

/** A model's reads (its checkpoints, their stats, its logged metrics): key family, query options and hooks. */
export const modelKeys = {
  all: (scope: ClientScope) => scopedKey(scope, "models"),
  detail: (scope: ClientScope, modelId: string) => [...modelKeys.all(scope), "detail", modelId] as const,
  /** Every checkpoint page of one model, and their stats: invalidate after deleting checkpoints. */
  checkpoints: (scope: ClientScope, modelId: string) => [...modelKeys.detail(scope, modelId), "checkpoints"] as const,
  checkpointPage: (scope: ClientScope, modelId: string, params: CheckpointPageParams) =>
    [...modelKeys.checkpoints(scope, modelId), params] as const,
  checkpointStats: (scope: ClientScope, modelId: string) =>
    [...modelKeys.checkpoints(scope, modelId), "stats"] as const,
  /** A model's logged metrics of one split (local services only: GET /local/models/{id}/logs). */
  logs: (scope: ClientScope, modelId: string, split: string) =>
    [...modelKeys.detail(scope, modelId), "logs", split] as const,
};

export const modelQueries = {
  checkpointsPage: (client: TrainingClient, modelId: string, params: CheckpointPageParams = {}) =>
    queryOptions({
      queryKey: modelKeys.checkpointPage(client.scope, modelId, params),
      queryFn: ({ signal }) => client.listCheckpoints(modelId, params, { signal }),
    }),

  /**
   * Every checkpoint of a model, read page by page (100 at a time) and folded into counts, its steps
   * and each metric's extremes, so "best checkpoint" is right across all pages, not just the one
   * shown, and a delete can say which typed steps exist.
   * Under the model's checkpoints key: deleting checkpoints invalidates it too.
   */
  checkpointStats: (client: TrainingClient, modelId: string) =>
    queryOptions({
      queryKey: modelKeys.checkpointStats(client.scope, modelId),
      queryFn: async ({ signal }) => {
        const stats: CheckpointStats = {
          count: 0,
          firstStep: null,
          lastStep: null,
          steps: [],
          checkpoints: [],
          metrics: {},
        };
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

  /**
   * A model's logged metrics of one split, every page (1,000 a page, at most 10): the local
   * services only; the real service keeps what `/log` computes in W&B and has no way to read it back.
   */
  logs: (client: TrainingClient, modelId: string, split: string) =>
    queryOptions({
      queryKey: modelKeys.logs(client.scope, modelId, split),
      queryFn: async ({ signal }) => {
        const logs: LocalLoggedMetrics[] = [];
        let after: number | undefined;
        for (let page = 0; page < MAX_LOG_PAGES; page += 1) {
          const list = await client.localLogs(
            modelId,
            { split, ...(after !== undefined ? { after } : {}) },
            { signal },
          );
          logs.push(...list.data);
          if (!list.has_more || list.data.length === 0) break;
          after = list.data.at(-1)!.id;
        }
        return logs;
      },
    }),
};

/** One page of a model's checkpoints; with `keepPrevious`, the page on screen stays while the next loads. */
export function useCheckpointsPage(
  modelId: string,
  params: CheckpointPageParams,
  options: { keepPrevious?: boolean } = {},
) {
  const { training } = useApiClients();
  return useQuery({
    ...modelQueries.checkpointsPage(training, modelId, params),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/** Counts and each metric's extremes over all of a model's checkpoints. */
export function useCheckpointStats(modelId: string) {
  const { training } = useApiClients();
  return useQuery(modelQueries.checkpointStats(training, modelId));
}

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
