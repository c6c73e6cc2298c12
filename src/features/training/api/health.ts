import { useQuery } from "@tanstack/react-query";
import { trainingQueries } from "@/api/queries/training";
import { useApiClients } from "@/connection/api-clients";

/*
 * The sidebar's training health reads (their options are in api/queries/training: the status page
 * reads them too). Apart from jobs.ts and models.ts: the indicator is on every page, and a module
 * a training page also imported would bring the training pages' shared chunk into every first load.
 * Only the indicator may import this: a second page importing it would move it into that chunk
 * again (build/chunking.ts).
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
