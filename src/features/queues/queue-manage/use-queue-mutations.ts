import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AnnotationQueue } from "@contract/trace";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { queueKeys } from "../api/queue";

/** What the queue forms send: the name trimmed, guidelines as typed, questions in the order asked. */
export type QueueDraft = { name: string; description: string; scorerRefs: readonly string[] };

/** Every cached queue list, with `change` applied to each (lists hold the queues of one search). */
function patchLists(
  queryClient: QueryClient,
  scope: ClientScope,
  change: (queues: AnnotationQueue[]) => AnnotationQueue[],
): void {
  queryClient.setQueriesData<AnnotationQueue[]>({ queryKey: traceKeys.queueLists(scope) }, (queues) =>
    queues ? change(queues) : queues,
  );
}

/** Creates a queue; the lists are read again so it shows wherever it matches. */
export function useCreateQueue(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: QueueDraft) =>
      trace.createQueue({
        project_id: projectId,
        name: draft.name.trim(),
        description: draft.description,
        scorer_refs: [...draft.scorerRefs],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceKeys.queueLists(trace.scope) }),
  });
}

/**
 * The fields of `draft` that differ from `initial` (what the form opened with), as the service's
 * update: a field left alone is not sent, so it does not overwrite a colleague's change to it made
 * meanwhile (the service replaces only the fields given).
 */
export function changedFields(
  draft: QueueDraft,
  initial: QueueDraft,
): { name?: string; description?: string; scorer_refs?: string[] } {
  const sameRefs =
    draft.scorerRefs.length === initial.scorerRefs.length &&
    draft.scorerRefs.every((ref, i) => ref === initial.scorerRefs[i]);
  return {
    ...(draft.name.trim() === initial.name.trim() ? {} : { name: draft.name.trim() }),
    ...(draft.description === initial.description ? {} : { description: draft.description }),
    ...(sameRefs ? {} : { scorer_refs: [...draft.scorerRefs] }),
  };
}

/**
 * Edits a queue, sending only what changed since `initial`. The stored queue the service answers
 * replaces the cached read and the queue's row in every list at once; the lists are then read
 * again (a new name may match other searches).
 */
export function useUpdateQueue(projectId: string, queueId: string, initial: QueueDraft) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: QueueDraft) =>
      trace.updateQueue(queueId, { project_id: projectId, ...changedFields(draft, initial) }),
    onSuccess: (queue) => {
      queryClient.setQueryData(queueKeys.detail(trace.scope, projectId, queueId), queue);
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
      void queryClient.invalidateQueries({
        queryKey: queueKeys.detail(trace.scope, projectId, queueId),
        refetchType: "none",
      });
      void queryClient.invalidateQueries({ queryKey: traceKeys.items(trace.scope, queueId), refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: queueKeys.allStats(trace.scope), refetchType: "none" });
      return queryClient.invalidateQueries({ queryKey: traceKeys.queueLists(trace.scope) });
    },
  });
}
