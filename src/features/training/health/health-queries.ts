import { useQuery } from "@tanstack/react-query";
import { trainingQueries } from "@/api/queries/training";
import { useApiClients } from "@/settings/api-clients";

/*
 * The sidebar's training health reads. Apart from ../training-queries.ts: the indicator is on every
 * page, and importing that module would fetch the training pages' shared chunk with it (44 KB,
 * ~12-25 ms to run on the bench machine, right after every first paint). Only the indicator may
 * import this: a second page importing it would move it into that chunk again (build/chunking.ts).
 */

/** The service's liveness (no key needed), polled. */
export function useTrainingHealth(pollMs: number) {
  const { training } = useApiClients();
  return useQuery({ ...trainingQueries.health(training), refetchInterval: pollMs, retry: 1 });
}

/** Whether the key may use the service (resolves with the failure rather than rejecting), polled. */
export function useTrainingSystemCheck(pollMs: number, enabled: boolean) {
  const { training } = useApiClients();
  return useQuery({ ...trainingQueries.systemCheck(training), enabled, refetchInterval: pollMs, retry: 1 });
}
