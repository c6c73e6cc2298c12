import { queryOptions } from "@tanstack/react-query";
import type { ClientScope } from "../client-config";
import { scopedKey } from "../query-key";
import type { TrainingClient } from "../training";

/**
 * The training service's health reads, kept here rather than in features/training/api: the sidebar
 * on every page and the service status page both read them. The training feature's own reads (jobs,
 * models, checkpoints) live beside its hooks in features/training/api.
 */
export const trainingKeys = {
  all: (scope: ClientScope) => scopedKey(scope),
  health: (scope: ClientScope) => [...trainingKeys.all(scope), "health"] as const,
  systemCheck: (scope: ClientScope) => [...trainingKeys.all(scope), "system-check"] as const,
};

/** queryOptions for the training service's health reads; each passes React Query's `signal`. */
export const trainingQueries = {
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
