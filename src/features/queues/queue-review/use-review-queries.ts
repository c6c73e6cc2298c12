import {
  skipToken,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryFunctionContext,
} from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { AnnotationQueueItem, ItemsQueryRequest } from "@contract/trace";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";
import { afterHeldFrame, isFrameHeld, heldFrameDrawn } from "@/lib/frame-hold";
import { callQueries } from "../api/call";
import { feedbackQueries } from "../api/feedback";
import { itemKeys } from "../api/items";
import { toListRequest, type ItemsTableState } from "../shared/items-url-state";
import { timestampKey } from "./list-order";
import { cachedRow, cachedWindows, type ListWindow } from "../shared/cached-lists";
import { neighboursIn, readAround, type FetchRows, type Neighbour, type Neighbours } from "./list-window";

/** While a review is open its data is re-read this often, so two annotators see each other's changes. */
export const REVIEW_REFRESH_MS = 5000;

/**
 * Re-read on a timer, and not again when a read that recent is at hand: moving to an item whose
 * row and window were read ahead then starts no request between the key press and the paint.
 */
const live = {
  refetchInterval: REVIEW_REFRESH_MS,
  staleTime: REVIEW_REFRESH_MS,
  refetchOnWindowFocus: "always",
} as const;

/** What the review's own reads use of the query cache's context: the request's signal, and where they are kept. */
type ReviewReadContext = Pick<QueryFunctionContext, "signal" | "client" | "queryKey">;

/**
 * A read again of something the page already has (a refresh, or a read made stale by the annotator's own state
 * change) waits while a move's frame is drawn: the item on screen is the cached one meanwhile, and the request and
 * its answer do not take the cores the frame needs. A first read does not wait.
 */
async function unlessMoveFrameHeld(client: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  if (isFrameHeld() && client.getQueryData(queryKey) !== undefined) await heldFrameDrawn();
}

/** The list a review walks: the table's filter and sort (its page and page size do not matter here). */
export type ListView = Pick<ItemsTableState, "states" | "sort" | "op" | "callId" | "traceId" | "itemId" | "addedBy">;

/**
 * The request that reads one item: the items query filtered by its id (the service has no "read
 * item" call). Positions are not asked for: upstream numbers an id-filtered list, so every item
 * would be "1"; the item's place comes from the list it is in (useListWindow).
 */
function itemRequest(projectId: string, itemId: string): ItemsQueryRequest {
  return { project_id: projectId, filter: { id: itemId }, limit: 1 };
}

export class ItemUnreadableError extends Error {
  constructor() {
    super(
      "This annotation service cannot read a single item by its id (it ignored the id filter). Open the item from the queue's table.",
    );
    this.name = "ItemUnreadableError";
  }
}

/** The item itself, or null when the queue has no such item. Kept in the shape of a page, so optimistic changes reach it too. */
export function itemQueryOptions(trace: TraceClient, projectId: string, queueId: string, itemId: string) {
  const request = itemRequest(projectId, itemId);
  return {
    queryKey: itemKeys.read(trace.scope, queueId, itemId),
    queryFn: async ({ signal, client, queryKey }: ReviewReadContext) => {
      await unlessMoveFrameHeld(client, queryKey);
      const { items } = await trace.queryItems(queueId, request, { signal });
      // Older services ignore `filter.id` and answer the queue's first item instead.
      if (items.length > 0 && !items.some((i) => i.id === itemId)) throw new ItemUnreadableError();
      return { items: items.filter((i) => i.id === itemId) };
    },
  };
}

/**
 * Puts an item's row where its review reads it, unless a read is there already. `readAt`: when the
 * row was read (0 when unknown): a row older than a refresh period is read again once shown.
 */
export function seedItemRead(
  queryClient: QueryClient,
  trace: TraceClient,
  projectId: string,
  queueId: string,
  row: AnnotationQueueItem,
  readAt: number,
): void {
  const { queryKey } = itemQueryOptions(trace, projectId, queueId, row.id);
  if (queryClient.getQueryData(queryKey) === undefined)
    queryClient.setQueryData(queryKey, { items: [row] }, { updatedAt: readAt });
}

/** The item, painted from its row in a list already read (the table's page) while it is read again. */
export function useReviewItem(projectId: string, queueId: string, itemId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  // The same function while the item is the same: TanStack then keeps the placeholder it made
  // instead of searching the cache again on every render until the read is back.
  const placeholderData = useCallback(() => {
    const row = cachedRow(queryClient, trace.scope, queueId, itemId);
    return row ? { items: [row] } : undefined;
  }, [queryClient, trace.scope, queueId, itemId]);
  return useQuery({
    ...itemQueryOptions(trace, projectId, queueId, itemId),
    ...live,
    placeholderData,
    select: (data): AnnotationQueueItem | null => data.items[0] ?? null,
  });
}

/** `limit` rows of the list from `offset`, read fresh from the service. */
export function listRows(
  trace: TraceClient,
  projectId: string,
  queueId: string,
  view: ListView,
  signal?: AbortSignal,
): FetchRows {
  return async (offset, limit) =>
    (await trace.queryItems(queueId, toListRequest(projectId, view, { offset, limit }), { signal })).items;
}

/** A list's identity in query keys: its filter and sort, no paging. */
const listKey = (projectId: string, view: ListView) => toListRequest(projectId, view, { offset: 0, limit: 0 });

/**
 * Where the queue positions seen in a list's reads are kept (item id → position). A position is
 * the item's row number before the state filter (docs/contract-decisions.md), so one read with
 * the list's other filters and order, whatever its states, numbers the list's items too.
 */
export function positionsKey(trace: TraceClient, projectId: string, queueId: string, view: ListView) {
  return [...itemKeys.positions(trace.scope, queueId), listKey(projectId, view)] as const;
}

/** Keeps the positions `rows` carry (a read of the list, or of it with other states) under the list's key. */
export function rememberPositions(
  queryClient: QueryClient,
  key: ReturnType<typeof positionsKey>,
  rows: readonly AnnotationQueueItem[],
): void {
  const found = rows.filter((row) => typeof row.position_in_queue === "number");
  const current = queryClient.getQueryData<Record<string, number>>(key) ?? {};
  // Usually known already (a move's window overlaps the last): then the cache is not written, nor its readers told,
  // in the commit of the key's render.
  if (found.every((row) => current[row.id] === row.position_in_queue)) return;
  queryClient.setQueryData<Record<string, number>>(key, {
    ...current,
    ...Object.fromEntries(found.map((row) => [row.id, row.position_in_queue as number])),
  });
}

/** Where an item's window lives in the cache: under the queue's item pages, so optimistic changes patch it too. */
function windowKey(
  trace: TraceClient,
  projectId: string,
  queueId: string,
  view: ListView,
  anchor: Pick<AnnotationQueueItem, "id" | "created_at" | "updated_at" | "call_started_at" | "call_op_name">,
) {
  // The anchor's sort values are in the key: if one changes, its place does too.
  const anchorKey = [
    anchor.id,
    timestampKey(anchor.created_at),
    timestampKey(anchor.updated_at),
    timestampKey(anchor.call_started_at),
    anchor.call_op_name,
  ];
  return [...itemKeys.windows(trace.scope, queueId), listKey(projectId, view), ...anchorKey] as const;
}

/**
 * The rows around the item in the list: two before, the item when it is in the list, and a few
 * after. `hint` (the index the table or the previous item had for it) makes the usual case one
 * read, but is only a first guess. Until the item's own window arrives, a window at hand stands in
 * (placeholder): the previous item's, which usually holds this item and its next, else any cached
 * window or table page of the list that does, so moving on and the read-ahead start at once.
 */
export function useListWindow(
  projectId: string,
  queueId: string,
  view: ListView,
  item: AnnotationQueueItem | null | undefined,
  hint: number | null,
  listed?: (item: AnnotationQueueItem) => boolean,
) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  // The hint is read when a fetch starts, not part of the key: a better guess is no other list.
  const options = item ? windowQuery(trace, projectId, queueId, view, item, hint) : null;
  // Stable while its inputs are (see useReviewItem): the cache is searched once per item, not per render.
  const placeholderData = useCallback(
    (previous?: ListWindow) => {
      const places = (window: ListWindow) => !!item && neighboursIn(window, item, view.sort, listed) !== undefined;
      if (!item || (previous && places(previous))) return previous;
      return cachedWindows(queryClient, trace.scope, queueId, listKey(projectId, view)).find(places) ?? previous;
    },
    [item, view, listed, queryClient, trace.scope, queueId, projectId],
  );
  return useQuery({
    queryKey: options?.queryKey ?? [...itemKeys.windows(trace.scope, queueId), "no item"],
    queryFn: options?.queryFn ?? skipToken,
    ...live,
    placeholderData,
  });
}

/**
 * The window around `anchor`, read with `hint` as the first guess of its place. Read again (the
 * review's refresh), it starts from the place the last read found instead: an item reached without
 * an index (Next unstarted, a pasted link) is then one read every refresh, not a search of the list.
 */
export function windowQuery(
  trace: TraceClient,
  projectId: string,
  queueId: string,
  view: ListView,
  anchor: AnnotationQueueItem,
  hint: number | null,
) {
  return {
    queryKey: windowKey(trace, projectId, queueId, view, anchor),
    queryFn: async ({ signal, client, queryKey }: ReviewReadContext): Promise<ListWindow> => {
      await unlessMoveFrameHeld(client, queryKey);
      const lastRead = client.getQueryState<ListWindow>(queryKey);
      const lastPlace = lastRead?.data ? neighboursIn(lastRead.data, anchor, view.sort) : undefined;
      // A read from the last refresh or so is newer than the hint (the index the address had when the
      // item was opened); an older one (the item visited minutes ago) is not. Either is only a guess.
      const recent = !!lastRead && Date.now() - lastRead.dataUpdatedAt < 2 * REVIEW_REFRESH_MS;
      const guess = lastPlace && (recent || hint === null) ? (lastPlace.index ?? lastPlace.before) : hint;
      return (await readAround(listRows(trace, projectId, queueId, view, signal), anchor, view.sort, { hint: guess }))
        .window;
    },
  };
}

/**
 * Calls read ahead: the next item's and the one after it. Two, because an annotator who moves on
 * quickly presses the key again before the next item's own window (and with it, its next) is read.
 */
const CALLS_AHEAD = 2;

/**
 * Makes moving on instant: the neighbours' rows (and the row Next unstarted would take, `unstartedAhead`)
 * are put where their review reads them, their calls and the answers given on them are fetched, and the
 * own window of the item on the side the annotator is walking (next, or previous when walking back) is
 * read ahead, all before a key is pressed.
 */
export function usePrefetchNeighbours(
  projectId: string,
  queueId: string,
  view: ListView,
  { neighbours, unstartedAhead }: { neighbours: Neighbours | undefined; unstartedAhead: Neighbour | undefined },
  readAt: number,
  walking: "prev" | "next",
) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!neighbours) return;
    const readAhead = () => {
      const { prev, next, following } = neighbours;
      const toRead = [...following.slice(0, CALLS_AHEAD), prev];
      if (unstartedAhead && !toRead.some((neighbour) => neighbour?.item.id === unstartedAhead.item.id))
        toRead.push(unstartedAhead);
      for (const neighbour of toRead) {
        if (!neighbour) continue;
        seedItemRead(queryClient, trace, projectId, queueId, neighbour.item, readAt);
        void queryClient.prefetchQuery(callQueries.call(trace, { project_id: projectId, id: neighbour.item.call_id }));
        void queryClient.prefetchQuery(feedbackQueries.calls(trace, projectId, [neighbour.item.call_id]));
      }
      // The window of the item the annotator walks to (the previous one, when walking back).
      const ahead = walking === "next" ? next : prev;
      if (ahead)
        void queryClient.prefetchQuery({
          ...windowQuery(trace, projectId, queueId, view, ahead.item, ahead.index),
          staleTime: REVIEW_REFRESH_MS,
        });
    };
    // Never in the effect: a key's update is synchronous, and React runs the effects of its render before the
    // browser paints; these reads cost a few milliseconds each to start. Usually they are for items two keys away
    // (the items one key away were read ahead before): they wait until the key's frame is drawn
    // (lib/frame-hold.ts). When an item one key away is not read yet, an annotator who moves on at once would find
    // it loading: then in a task of its own, right after the paint.
    const oneKeyAway = [neighbours.next, neighbours.prev, neighbours.following[0]];
    const unread = oneKeyAway.some(
      (neighbour) =>
        neighbour != null &&
        queryClient.getQueryData(
          callQueries.call(trace, { project_id: projectId, id: neighbour.item.call_id }).queryKey,
        ) === undefined,
    );
    if (!unread) return afterHeldFrame(readAhead);
    const timer = setTimeout(readAhead, 0);
    return () => clearTimeout(timer);
  }, [neighbours, unstartedAhead, readAt, walking, queryClient, trace, queueId, projectId, view]);
}

/** The call an item points to, read with /call/read. */
export function useCall(projectId: string, callId: string | undefined) {
  const { trace } = useApiClients();
  return useQuery({ ...callQueries.call(trace, { project_id: projectId, id: callId ?? "" }), enabled: !!callId });
}
