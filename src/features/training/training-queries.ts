import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { trainingQueries } from "@/api/queries/training";
import type { CheckpointPageParams } from "@/api/training";
import { useApiClients } from "@/settings/api-clients";

/** The training area's reads, one hook per resource (the query options live in api/queries/training). */

/** One job's record (status, model, timestamps). */
export function useTrainingJob(jobId: string) {
  const { training } = useApiClients();
  return useQuery(trainingQueries.job(training, jobId));
}

/** One page of a model's checkpoints; with `keepPrevious`, the page on screen stays while the next loads. */
export function useCheckpointsPage(modelId: string, params: CheckpointPageParams, options: { keepPrevious?: boolean } = {}) {
  const { training } = useApiClients();
  return useQuery({ ...trainingQueries.checkpointsPage(training, modelId, params), placeholderData: options.keepPrevious ? keepPreviousData : undefined });
}

/** Counts and each metric's extremes over all of a model's checkpoints. */
export function useCheckpointStats(modelId: string) {
  const { training } = useApiClients();
  return useQuery(trainingQueries.checkpointStats(training, modelId));
}
