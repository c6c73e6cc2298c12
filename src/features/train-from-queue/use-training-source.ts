import { useMemo } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { traceKeys } from "@/api/queries/trace";
import { useQueueRead } from "@/features/queues";
import { useApiClients } from "@/connection/api-clients";
import { loadTrainingSource } from "./load-training-source";

/** The queue's items, calls and answers, read once per visit (React Query), with progress and Cancel. */
export function useTrainingSource(projectId: string, queueId: string, specs: readonly QueueSpec[] | undefined) {
  const { trace } = useApiClients();
  const refs = useMemo(() => (specs ?? []).map((spec) => spec.ref), [specs]);
  // Under the queue's items, as the insights are: a progress change or added items mark it stale.
  const queryKey = useMemo(
    () => [...traceKeys.items(trace.scope, queueId), "training-source", projectId, refs] as const,
    [trace.scope, projectId, queueId, refs],
  );
  return useQueueRead({
    queryKey,
    // A queue without questions has no rewards: nothing to read.
    enabled: specs !== undefined && specs.length > 0,
    load: (signal, onProgress) =>
      loadTrainingSource({ trace, projectId, queueId, specs: specs ?? [], signal, onProgress }),
  });
}
