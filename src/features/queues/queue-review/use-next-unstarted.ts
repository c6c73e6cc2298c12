import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { AnnotationQueueItem, AnnotationState } from "@contract/trace";
import { useApiClients } from "@/connection/api-clients";
import { firstAfter, firstBesides, firstWantedAfter, LIST_START, NONE_AFTER, type Neighbours } from "./list-window";
import { listRows, windowQuery, type ListView } from "./use-review-queries";

/**
 * Rows of the table's list read after the item in one request before searching: the next
 * unstarted item is usually close, and one read of ~35 KB beats a search's dozen one-row reads in
 * a row (seconds on a slow network), and tells the item's index too.
 */
const SCAN_AHEAD = 50;

/** The item's place in the table's list, and its rows' states with the changes this page has made since they were read. */
export type KnownPlace = { neighbours: Neighbours; stateOf: (item: AnnotationQueueItem) => AnnotationState };

export type NextUnstartedStatus =
  | { phase: "idle" }
  | { phase: "searching" }
  | { phase: "none" }
  | { phase: "failed"; error: unknown };

/**
 * "Next unstarted": the first unstarted item after this one in the table's order and filters (its
 * State filter set aside), wrapping to the start of the list when none comes later. Given the
 * item's place, it looks in the window at hand, then in one read of the rows after the item (and
 * one of the list's first rows when that read reaches the list's end), and only then searches the
 * unstarted list.
 */
export function useNextUnstarted(projectId: string, queueId: string, view: ListView) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<NextUnstartedStatus>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);

  const find = useCallback(
    async (
      current: AnnotationQueueItem,
      place?: KnownPlace,
    ): Promise<{ item: AnnotationQueueItem; wrapped: boolean; index: number | null } | null> => {
      running.current?.abort();
      const unstarted = (row: AnnotationQueueItem) => place?.stateOf(row) === "unstarted";
      // The rows after the item in the window at hand, in the list's order, usually hold it: no
      // request, and its place is known. (An unstarted row there means the list shows unstarted
      // items, so any unstarted item before it would be there too.)
      const inWindow = place?.neighbours.following.find(({ item: row }) => unstarted(row));
      if (inWindow) {
        setStatus({ phase: "idle" });
        return { ...inWindow, wrapped: false };
      }
      const abort = new AbortController();
      running.current = abort;
      setStatus({ phase: "searching" });
      try {
        // The table's list holds unstarted items: look just after the item first, and when that read
        // reaches the list's end, at the list's start (a wrap): two reads at most, not a search.
        const onlyUnstarted = view.states.length === 1 && view.states[0] === "unstarted";
        let wrapped = false;
        if (place && (view.states.length === 0 || view.states.includes("unstarted"))) {
          const rows = listRows(trace, projectId, queueId, view, abort.signal);
          const from = place.neighbours.index ?? place.neighbours.before - 1;
          let near = await firstWantedAfter(rows, current, view.sort, from, SCAN_AHEAD, unstarted);
          wrapped = near === NONE_AFTER;
          if (wrapped && !abort.signal.aborted) {
            const notCurrent = (row: AnnotationQueueItem) => row.id !== current.id && unstarted(row);
            near = await firstWantedAfter(rows, LIST_START, view.sort, 0, SCAN_AHEAD, notCurrent);
          }
          if (abort.signal.aborted) return null;
          if (near === NONE_AFTER) {
            // Both reads reached the list's end: no unstarted item but this one.
            setStatus({ phase: "none" });
            return null;
          }
          if (near) {
            // The read places the item found: the review shows its place at once and reads no window for it.
            queryClient.setQueryData(
              windowQuery(trace, projectId, queueId, view, near.item, near.index).queryKey,
              near.window,
            );
            setStatus({ phase: "idle" });
            return { item: near.item, wrapped, index: near.index };
          }
        }
        const fetchRows = listRows(trace, projectId, queueId, { ...view, states: ["unstarted"] }, abort.signal);
        // When the table shows unstarted items alone, the unstarted list is the table's list: the
        // item's place in it is known, so the search starts there.
        const hint = onlyUnstarted && place ? place.neighbours.before : 0;
        // Known to wrap (nothing unstarted after it to the list's end): the unstarted list's first row.
        const searched = wrapped
          ? await firstBesides(fetchRows, current)
          : await firstAfter(fetchRows, current, view.sort, hint);
        // Its index in the unstarted list is its index in the table's list only when the table shows
        // unstarted items alone: then the address names its place (Back to the table lands there), and
        // its window is read at that offset instead of searched for.
        const found = searched && { ...searched, index: onlyUnstarted ? searched.index : null };
        if (abort.signal.aborted) return null;
        setStatus(found ? { phase: "idle" } : { phase: "none" });
        return found;
      } catch (error) {
        if (!abort.signal.aborted) setStatus({ phase: "failed", error });
        return null;
      }
    },
    [trace, projectId, queueId, view, queryClient],
  );
  return { status, find };
}
