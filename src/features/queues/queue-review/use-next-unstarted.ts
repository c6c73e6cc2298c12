import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { AnnotationQueueItem, AnnotationState } from "@contract/trace";
import { useApiClients } from "@/settings/api-clients";
import { firstAfter, firstWantedAfter } from "./list-window";
import { listRows, windowQuery, type ListView } from "./use-review-queries";

/**
 * Rows of the table's list read after the item in one request before searching: the next
 * unstarted item is usually close, and one read of ~35 KB beats a search's dozen one-row reads in
 * a row (seconds on a slow network), and tells the item's index too.
 */
const SCAN_AHEAD = 50;

/** Where the item is in the table's list (its index, or the row before it when it has left it), and the states this page has set since the rows were read. */
export type ScanFrom = { from: number; stateOf: (item: AnnotationQueueItem) => AnnotationState };

export type NextUnstartedStatus = { phase: "idle" } | { phase: "searching" } | { phase: "none" } | { phase: "failed"; error: unknown };

/**
 * "Next unstarted": the first unstarted item after this one in the table's order and filters (its
 * State filter set aside), wrapping to the start of the list when none comes later.
 */
export function useNextUnstarted(projectId: string, queueId: string, view: ListView) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<NextUnstartedStatus>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);

  const find = useCallback(
    async (current: AnnotationQueueItem, scan?: ScanFrom): Promise<{ item: AnnotationQueueItem; wrapped: boolean; index: number | null } | null> => {
      running.current?.abort();
      const abort = new AbortController();
      running.current = abort;
      setStatus({ phase: "searching" });
      try {
        // The table's list holds unstarted items: look just after the item first.
        if (scan && (view.states.length === 0 || view.states.includes("unstarted"))) {
          const near = await firstWantedAfter(listRows(trace, projectId, queueId, view, abort.signal), current, view.sort, scan.from, SCAN_AHEAD, (row) => scan.stateOf(row) === "unstarted");
          if (abort.signal.aborted) return null;
          if (near) {
            // The read places the item found: the review shows its place at once and reads no window for it.
            queryClient.setQueryData(windowQuery(trace, projectId, queueId, view, near.item, near.index).queryKey, near.window);
            setStatus({ phase: "idle" });
            return { item: near.item, wrapped: false, index: near.index };
          }
        }
        const fetchRows = listRows(trace, projectId, queueId, { ...view, states: ["unstarted"] }, abort.signal);
        const searched = await firstAfter(fetchRows, current, view.sort);
        // Its index in the unstarted list is not its index in the table's list.
        const found = searched && { ...searched, index: null };
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
  // A search still running is for an item the review has moved on from.
  const reset = useCallback(() => {
    running.current?.abort();
    setStatus({ phase: "idle" });
  }, []);
  return { status, find, reset };
}
