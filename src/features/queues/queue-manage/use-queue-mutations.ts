import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AnnotationQueue } from "@contract/trace";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/query-keys";
import { useApiClients } from "@/settings/api-clients";

/** What the queue forms send: the name trimmed, guidelines as typed, questions in the order asked. */
export type QueueDraft = { name: string; description: string; scorerRefs: readonly string[] };

/** Every cached queue list, with `change` applied to each (lists hold the queues of one search). */
function patchLists(queryClient: QueryClient, scope: ClientScope, change: (queues: AnnotationQueue[]) => AnnotationQueue[]): void {
  queryClient.setQueriesData<AnnotationQueue[]>({ queryKey: traceKeys.queueLists(scope) }, (queues) => (queues ? change(queues) : queues));
}

/** Creates a queue; the lists are read again so it shows wherever it matches. */
export function useCreateQueue(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: QueueDraft) => trace.createQueue({ project_id: projectId, name: draft.name.trim(), description: draft.description, scorer_refs: [...draft.scorerRefs] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceKeys.queueLists(trace.scope) }),
  });
}

/**
 * Edits a queue. The stored queue the service answers replaces the cached read and the queue's
 * row in every list at once; the lists are then read again (a new name may match other searches).
 */
export function useUpdateQueue(projectId: string, queueId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: QueueDraft) =>
      trace.updateQueue(queueId, { project_id: projectId, name: draft.name.trim(), description: draft.description, scorer_refs: [...draft.scorerRefs] }),
    onSuccess: (queue) => {
      queryClient.setQueryData(traceKeys.queueDetail(trace.scope, projectId, queueId), queue);
      patchLists(queryClient, trace.scope, (queues) => queues.map((q) => (q.id === queue.id ? queue : q)));
      return queryClient.invalidateQueries({ queryKey: traceKeys.queueLists(trace.scope) });
    },
  });
}

/**
 * Deletes a queue (a soft delete on the service). It leaves every cached list at once; its stats
 * are read again. Its own read and items are only marked stale, not refetched: the page still
 * showing them is about to be left, and coming back reads the queue again (a 404: "deleted").
 */
export function useDeleteQueue(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (queueId: string) => trace.deleteQueue(projectId, queueId),
    onSuccess: (_queue, queueId) => {
      patchLists(queryClient, trace.scope, (queues) => queues.filter((q) => q.id !== queueId));
      void queryClient.invalidateQueries({ queryKey: traceKeys.queueDetail(trace.scope, projectId, queueId), refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: traceKeys.items(trace.scope, queueId), refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: traceKeys.allQueueStats(trace.scope), refetchType: "none" });
      return queryClient.invalidateQueries({ queryKey: traceKeys.queueLists(trace.scope) });
    },
  });
}
