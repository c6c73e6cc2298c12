import { useQuery } from "@tanstack/react-query";
import { modelQueries } from "../api/models";
import { useApiClients } from "@/connection/api-clients";
import { defaultDirection } from "../metrics";
import { bestCheckpoint, defaultRankingMetric } from "./best-checkpoint";

export type CheckpointChoices = {
  /** Every step of the model, newest first. */
  steps: number[];
  latest: number | null;
  /** The best step by the model's usual ranking metric (reward, else loss, else the first), as on its page. */
  best: { step: number; metric: string } | null;
};

/** What a checkpoint picker offers for one model: its steps, the latest and the best marked. Reads every checkpoint (the query the model's page shares). */
export function useCheckpointChoices(modelId: string | null) {
  const { training } = useApiClients();
  const stats = useQuery({ ...modelQueries.checkpointStats(training, modelId ?? ""), enabled: modelId !== null });
  const data = stats.data;
  let choices: CheckpointChoices | null = null;
  if (data) {
    const metric = defaultRankingMetric(Object.keys(data.metrics));
    const best = metric ? bestCheckpoint(data, metric, defaultDirection(metric)) : null;
    choices = {
      steps: [...data.steps].sort((a, b) => b - a),
      latest: data.lastStep,
      best: best && metric ? { step: best.step, metric } : null,
    };
  }
  return {
    choices,
    pending: modelId !== null && stats.isPending,
    error: stats.isError ? stats.error : null,
    retry: () => void stats.refetch(),
  };
}
