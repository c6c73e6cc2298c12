import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { AnnotationQueueItem, ItemsQueryResponse, SettableState } from "../../../../contract/trace";
import { traceKeys } from "../../../api/query-keys";
import { useApiClients } from "../../../settings/api-clients";

/** A key of the review's reads of one item or of a window, rather than of a table page or the totals. */
function isReviewRead(key: QueryKey, pages: QueryKey): boolean {
  const marker = key[pages.length];
  return key.length > pages.length && (marker === "item" || marker === "around") && pages.every((part, i) => part === key[i]);
}

export type ProgressChange = { itemId: string; state: SettableState };
type Snapshot = [QueryKey, ItemsQueryResponse | undefined][];

const patch = (data: ItemsQueryResponse | undefined, itemId: string, change: (item: AnnotationQueueItem) => AnnotationQueueItem) =>
  data && data.items.some((i) => i.id === itemId) ? { ...data, items: data.items.map((i) => (i.id === itemId ? change(i) : i)) } : data;

/**
 * Sets an item's state for the caller, optimistically: every cached list that shows the item (table
 * pages, the review's item and its window of the list) shows the new state at once; a refusal puts the pages back as they were and `onRefused` gets the
 * service's reason. Afterwards the queue's pages, neighbours and totals are read again.
 */
export function useSetProgress(
  projectId: string,
  queueId: string,
  callbacks: { me: string | null; onAccepted?: (item: AnnotationQueueItem) => void; onRefused?: (change: ProgressChange, error: unknown) => void },
) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const pages = traceKeys.itemPages(trace.scope, queueId);

  return useMutation({
    mutationFn: ({ itemId, state }: ProgressChange) => trace.setItemProgress(queueId, itemId, { project_id: projectId, annotation_state: state }),
    onMutate: async ({ itemId, state }): Promise<{ snapshot: Snapshot }> => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: traceKeys.items(trace.scope, queueId) });
      const snapshot = queryClient.getQueriesData<ItemsQueryResponse>({ queryKey: pages });
      // The item's updated_at stays: a progress change does not touch the item record (contract-decisions.md, Corrections).
      queryClient.setQueriesData<ItemsQueryResponse>({ queryKey: pages }, (data) =>
        patch(data, itemId, (item) => ({ ...item, annotation_state: state, annotator_user_id: callbacks.me ?? item.annotator_user_id })),
      );
      return { snapshot };
    },
    onError: (error, change, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      callbacks.onRefused?.(change, error);
    },
    onSuccess: (item) => {
      queryClient.setQueriesData<ItemsQueryResponse>({ queryKey: pages }, (data) =>
        patch(data, item.id, (old) => ({ ...item, position_in_queue: old.position_in_queue })),
      );
      callbacks.onAccepted?.(item);
    },
    // The lists and totals are out of date now, but what is on screen already shows the change:
    // mark them stale without reading them again now (a read per change slowed the next item's
    // paint); each is read on its next use. The review's own reads (its item, its windows) are
    // left alone: patched above, they refresh on their timer, and marked stale they would be read
    // again by the very next move, between its key press and its paint.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: traceKeys.items(trace.scope, queueId), refetchType: "none", predicate: (query) => !isReviewRead(query.queryKey, pages) });
      void queryClient.invalidateQueries({ queryKey: traceKeys.queues(trace.scope), refetchType: "none" });
    },
  });
}
