import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { AnnotationQueueItem, AnnotationState } from "@contract/trace";
import { useApiClients } from "@/connection/api-clients";
import type { ListWindow } from "../shared/cached-lists";
import {
  firstAfter,
  firstOtherThan,
  firstWantedAfter,
  LIST_START,
  NONE_AFTER,
  type Neighbour,
  type Neighbours,
} from "./list-window";
import { listRows, positionsKey, rememberPositions, windowQuery, type ListView } from "./use-review-queries";

/**
 * Rows of the table's list read after the item in one request before searching: the next
 * unstarted item is usually close, and one read of ~35 KB beats a search's dozen one-row reads in
 * a row (seconds on a slow network), and tells the item's index too.
 */
const SCAN_AHEAD = 50;

/**
 * What the review knows of the item: its place in the table's list (once read), its queue position (its
 * row number among every state, where a read showed it), and every row's state with the changes this page
 * has made since the row was read.
 */
export type ItemContext = {
  neighbours: Neighbours | undefined;
  position: number | null;
  stateOf: (item: AnnotationQueueItem) => AnnotationState;
};

/** The item found, its index in the table's list where known, and the read of that list that places it, if any. */
export type NextUnstarted = {
  item: AnnotationQueueItem;
  wrapped: boolean;
  index: number | null;
  window?: ListWindow;
};

/**
 * The first unstarted row after the item in the rows at hand (judged with this page's own changes): where
 * Next unstarted takes its item from without a read, and what the review reads ahead for it.
 */
export function firstUnstartedIn(
  neighbours: Neighbours | undefined,
  stateOf: ItemContext["stateOf"],
): Neighbour | undefined {
  return neighbours?.following.find(({ item }) => stateOf(item) === "unstarted");
}

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
      { neighbours, position, stateOf }: ItemContext,
    ): Promise<NextUnstarted | null> => {
      running.current?.abort();
      const unstarted = (row: AnnotationQueueItem) => stateOf(row) === "unstarted";
      // The rows after the item in the window at hand, in the list's order, usually hold it: no
      // request, and its place is known. (An unstarted row there means the list shows unstarted
      // items, so any unstarted item before it would be there too.)
      const inWindow = firstUnstartedIn(neighbours, stateOf);
      if (inWindow) {
        setStatus({ phase: "idle" });
        return { ...inWindow, wrapped: false };
      }
      const abort = new AbortController();
      running.current = abort;
      setStatus({ phase: "searching" });
      try {
        // Look just after the item first, and when that read reaches the list's end, at the list's start
        // (a wrap): two reads at most, not a search.
        const onlyUnstarted = view.states.length === 1 && view.states[0] === "unstarted";
        const scan = scanPlan(view, current, neighbours, position);
        let wrapped = false;
        if (scan) {
          const rows = listRows(trace, projectId, queueId, scan.list, abort.signal);
          let near = await firstWantedAfter(rows, current, view.sort, scan.from, SCAN_AHEAD, unstarted);
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
            setStatus({ phase: "idle" });
            // The read's positions number the table's list too (numbered before the state filter, with the same
            // other filters and order): the heading names the item found.
            rememberPositions(queryClient, positionsKey(trace, projectId, queueId, view), near.window.items);
            if (!scan.isTableList) return { item: near.item, wrapped, index: null };
            // The read places the item found in the table's list: the review shows its place at once and
            // reads no window for it.
            queryClient.setQueryData(
              windowQuery(trace, projectId, queueId, view, near.item, near.index).queryKey,
              near.window,
            );
            return { item: near.item, wrapped, index: near.index, window: near.window };
          }
        }
        const fetchRows = listRows(trace, projectId, queueId, { ...view, states: ["unstarted"] }, abort.signal);
        // When the table shows unstarted items alone, the unstarted list is the table's list: the
        // item's place in it is known, so the search starts there.
        const hint = onlyUnstarted && neighbours ? neighbours.before : 0;
        // Known to wrap (nothing unstarted after it to the list's end): the unstarted list's first row.
        const searched = wrapped
          ? await firstOtherThan(fetchRows, current)
          : await firstAfter(fetchRows, current, view.sort, hint);
        // Its index in the table's list, where it can be told: its index in the unstarted list when the
        // table shows unstarted items alone; its queue position when the table has no State filter (the
        // position numbers that list). Then the address names its place (Back to the table lands there),
        // and its window is read at that offset instead of searched for.
        const found = searched && {
          ...searched,
          index: onlyUnstarted ? searched.index : indexByPosition(view, searched.item),
        };
        if (abort.signal.aborted) return null;
        // The heading names it at once.
        if (found) rememberPositions(queryClient, positionsKey(trace, projectId, queueId, view), [found.item]);
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

/**
 * Whether the table's list holds every state (no State filter): then an item's queue position, numbered before
 * any state filter (docs/contract-decisions.md), less one is its index in the table's list.
 */
const listsEveryState = (view: ListView) => view.states.length === 0;

/** The item's index in the table's list from its queue position, when the list holds every state. */
function indexByPosition(view: ListView, item: AnnotationQueueItem): number | null {
  const position = item.position_in_queue;
  return listsEveryState(view) && typeof position === "number" && position >= 1 ? position - 1 : null;
}

/**
 * The list whose rows after the item are read for the next unstarted one, and the item's index
 * there: the table's own list when it holds unstarted items (the item's place is known); else the
 * same list with every state, where the item's queue position (numbered before the state filter,
 * docs/contract-decisions.md) is its place (with no State filter, that list is the table's own too).
 * Only a guess either way: a read that does not start at or before the item says so, and the caller
 * searches.
 */
function scanPlan(
  view: ListView,
  current: AnnotationQueueItem,
  neighbours: Neighbours | undefined,
  knownPosition: number | null,
): { list: ListView; from: number; isTableList: boolean } | null {
  if (neighbours && (listsEveryState(view) || view.states.includes("unstarted")))
    return { list: view, from: neighbours.index ?? neighbours.before - 1, isTableList: true };
  const position = knownPosition ?? current.position_in_queue;
  if (typeof position === "number" && position >= 1)
    return { list: { ...view, states: [] }, from: position - 1, isTableList: listsEveryState(view) };
  return null;
}
