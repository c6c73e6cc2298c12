import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { AnnotationQueueItem, ItemsQueryResponse, SettableState } from "@contract/trace";
import { traceKeys } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { heldFrameDrawn, holdForNextFrame } from "@/lib/frame-hold";
import { isReviewReadKey, itemKeys } from "../api/items";

/** `auto`: the start that answering an unstarted item makes, not a key the annotator pressed. */
export type ProgressChange = { itemId: string; state: SettableState; auto?: boolean };
type Snapshot = { key: QueryKey; data: ItemsQueryResponse | undefined; readAt: number }[];

/**
 * Changes one item in every cached list that holds it. Each list keeps the time it was read: a
 * patch is not a read, and the review counts its reads as fresh for a while (use-review-queries).
 */
function patchLists(
  queryClient: QueryClient,
  pages: QueryKey,
  itemId: string,
  change: (item: AnnotationQueueItem) => AnnotationQueueItem,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: pages })) {
    const data = query.state.data as ItemsQueryResponse | undefined;
    if (!data?.items?.some((i) => i.id === itemId)) continue;
    queryClient.setQueryData(
      query.queryKey,
      { ...data, items: data.items.map((i) => (i.id === itemId ? change(i) : i)) },
      { updatedAt: query.state.dataUpdatedAt },
    );
  }
}

/**
 * Sets an item's state for the caller, optimistically: every cached list that shows the item (table
 * pages, the review's item and its window of the list) shows the new state at once. A refusal puts
 * the lists back as they were, reads the item again (the service's state is not what this page
 * thought), and `onRefused` gets the service's reason. Afterwards the table's pages and the totals
 * are marked stale, to be read on their next use.
 */
export function useSetProgress(
  projectId: string,
  queueId: string,
  callbacks: {
    me: string | null;
    onAccepted?: (item: AnnotationQueueItem) => void;
    onRefused?: (change: ProgressChange, error: unknown) => void;
  },
) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const pages = itemKeys.pages(trace.scope, queueId);

  return useMutation({
    // The request is built and sent once the frame that shows the change (with "& next", the next item) is drawn:
    // on the key's path it cost that frame a millisecond or two, and while it is drawn it competes with it. The lists
    // show the change at once all the same (below). A page left or hidden first sends it as it goes (lib/frame-hold.ts),
    // and the browser finishes it after the page is gone (`keepalive`); a change waiting for the item's change before
    // it is sent as the page goes too (use-review-session's write).
    mutationFn: async ({ itemId, state }: ProgressChange) => {
      holdForNextFrame();
      await heldFrameDrawn();
      return trace.setItemProgress(
        queueId,
        itemId,
        { project_id: projectId, annotation_state: state },
        { keepalive: true },
      );
    },
    onMutate: async ({ itemId, state }): Promise<{ snapshot: Snapshot }> => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: traceKeys.items(trace.scope, queueId) });
      const snapshot: Snapshot = queryClient
        .getQueryCache()
        .findAll({ queryKey: pages })
        .map((query) => ({
          key: query.queryKey,
          data: query.state.data as ItemsQueryResponse | undefined,
          readAt: query.state.dataUpdatedAt,
        }));
      // The item's updated_at stays: a progress change does not touch the item record (docs/contract-decisions.md#progress).
      patchLists(queryClient, pages, itemId, (item) => ({
        ...item,
        annotation_state: state,
        annotator_user_id: callbacks.me ?? item.annotator_user_id,
      }));
      return { snapshot };
    },
    onError: (error, change, context) => {
      for (const { key, data, readAt } of context?.snapshot ?? [])
        if (data !== undefined) queryClient.setQueryData(key, data, { updatedAt: readAt });
      void queryClient.invalidateQueries({ queryKey: itemKeys.read(trace.scope, queueId, change.itemId) });
      callbacks.onRefused?.(change, error);
    },
    onSuccess: (item) => {
      patchLists(queryClient, pages, item.id, (old) => ({ ...item, position_in_queue: old.position_in_queue }));
      callbacks.onAccepted?.(item);
    },
    // The lists and totals are out of date now, but what is on screen already shows the change:
    // mark them stale without reading them again now (a read per change slowed the next item's
    // paint); each is read on its next use. The review's own reads (its item, its windows) are
    // left alone: patched above, they refresh on their timer, and marked stale they would be read
    // again by the very next move, between its key press and its paint.
    onSettled: () => {
      void queryClient.invalidateQueries({
        queryKey: traceKeys.items(trace.scope, queueId),
        refetchType: "none",
        predicate: (query) => !isReviewReadKey(query.queryKey, trace.scope, queueId),
      });
      void queryClient.invalidateQueries({ queryKey: traceKeys.queues(trace.scope), refetchType: "none" });
    },
  });
}
