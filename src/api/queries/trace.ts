import { partialMatchKey, queryOptions, type QueryKey } from "@tanstack/react-query";
import type { CallsQueryRequest, CallsQueryStatsRequest } from "@contract/trace-calls";
import type { CallReadRequest, ItemsQueryRequest, QueueStatsRequest, QueuesQueryRequest } from "@contract/trace";
import type { ClientScope } from "../client-config";
import { scopedKey } from "../query-key";
import { readCallsFeedback, readQueueSpecs } from "../annotation-specs";
import { readProjectSpecs } from "../project-specs";
import { listProjectSpecs, readLatestSpec } from "../spec-objects";
import type { TraceClient } from "../trace";

/**
 * Key factories of this service's reads, general to specific (query-key.ts), so a mutation can
 * invalidate exactly the right prefix.
 */
export const traceKeys = {
  all: (scope: ClientScope) => scopedKey(scope),
  queues: (scope: ClientScope) => [...traceKeys.all(scope), "queues"] as const,
  queueLists: (scope: ClientScope) => [...traceKeys.queues(scope), "list"] as const,
  queueList: (scope: ClientScope, req: QueuesQueryRequest) => [...traceKeys.queueLists(scope), req] as const,
  queueDetails: (scope: ClientScope) => [...traceKeys.queues(scope), "detail"] as const,
  queueDetail: (scope: ClientScope, projectId: string, queueId: string) => [...traceKeys.queueDetails(scope), projectId, queueId] as const,
  queueStats: (scope: ClientScope, req: QueueStatsRequest) => [...traceKeys.allQueueStats(scope), req] as const,
  /** Everything about one queue's items: invalidate after setting an item's progress. */
  items: (scope: ClientScope, queueId: string) => [...traceKeys.all(scope), "items", queueId] as const,
  itemPages: (scope: ClientScope, queueId: string) => [...traceKeys.items(scope, queueId), "list"] as const,
  itemPage: (scope: ClientScope, queueId: string, req: ItemsQueryRequest) => [...traceKeys.itemPages(scope, queueId), req] as const,
  /** The review's reads: one item, and windows of a list around one. Under the pages, so optimistic changes patch them too. */
  itemReads: (scope: ClientScope, queueId: string) => [...traceKeys.itemPages(scope, queueId), "item"] as const,
  itemRead: (scope: ClientScope, queueId: string, itemId: string) => [...traceKeys.itemReads(scope, queueId), itemId] as const,
  itemWindows: (scope: ClientScope, queueId: string) => [...traceKeys.itemPages(scope, queueId), "around"] as const,
  /** Figures over every item of a queue and its answers: under the items, so a progress change marks them stale; a saved answer marks `queueInsightsAll`. */
  queueInsightsAll: (scope: ClientScope, queueId: string) => [...traceKeys.items(scope, queueId), "insights"] as const,
  queueInsights: (scope: ClientScope, projectId: string, queueId: string, specRefs: readonly string[], timeZone: string) =>
    [...traceKeys.queueInsightsAll(scope, queueId), projectId, specRefs, timeZone] as const,
  /** A queue's items with their calls and answers, read for training (train-from-queue): under the items, like the insights. */
  queueTrainingSource: (scope: ClientScope, projectId: string, queueId: string, specRefs: readonly string[]) =>
    [...traceKeys.items(scope, queueId), "training-source", projectId, specRefs] as const,
  calls: (scope: ClientScope) => [...traceKeys.all(scope), "calls"] as const,
  call: (scope: ClientScope, projectId: string, callId: string) => [...traceKeys.calls(scope), "detail", projectId, callId] as const,
  /** Pages of the Calls page's table (one per request). */
  callPages: (scope: ClientScope) => [...traceKeys.calls(scope), "list"] as const,
  callPage: (scope: ClientScope, req: CallsQueryRequest) => [...traceKeys.callPages(scope), req] as const,
  callCount: (scope: ClientScope, req: CallsQueryStatsRequest) => [...traceKeys.calls(scope), "count", req] as const,
  /** The project's op versions (op objects, every version): the Calls page's op picker, and op names read as people do. */
  ops: (scope: ClientScope, projectId: string) => [...traceKeys.all(scope), "ops", projectId] as const,
  /** Specs by ref: a ref names one content digest, so what it reads never changes. */
  specs: (scope: ClientScope, refs: readonly string[]) => [...traceKeys.all(scope), "specs", refs] as const,
  /** A project's specs as objects (latest versions, one spec's latest): invalidate after saving a spec. */
  specObjects: (scope: ClientScope, projectId: string) => [...traceKeys.all(scope), "spec-objects", projectId] as const,
  specObjectList: (scope: ClientScope, projectId: string) => [...traceKeys.specObjects(scope, projectId), "list"] as const,
  specObject: (scope: ClientScope, projectId: string, objectId: string) => [...traceKeys.specObjects(scope, projectId), "latest", objectId] as const,
  /** The project's specs as a queue picker reads them: under specObjects, so saving a spec refreshes the pickers too. */
  projectSpecs: (scope: ClientScope, projectId: string) => [...traceKeys.specObjects(scope, projectId), "for-queues"] as const,
  /** Stats of any set of queues: invalidate after a queue is created or deleted. */
  allQueueStats: (scope: ClientScope) => [...traceKeys.queues(scope), "stats"] as const,
  /** Feedback on calls: invalidate this prefix after writing an answer or a note. */
  feedback: (scope: ClientScope, projectId: string) => [...traceKeys.all(scope), "feedback", projectId] as const,
  callsFeedback: (scope: ClientScope, projectId: string, callIds: readonly string[]) => [...traceKeys.feedback(scope, projectId), callIds] as const,
};

/** Whether a key is one of the review's own reads of a queue (an item, a window), rather than a table page. */
export function isReviewReadKey(key: QueryKey, scope: ClientScope, queueId: string): boolean {
  return partialMatchKey(key, traceKeys.itemReads(scope, queueId)) || partialMatchKey(key, traceKeys.itemWindows(scope, queueId));
}

/**
 * queryOptions for each read of the annotation queue service. Each passes React Query's
 * `signal`, so a superseded request (a new page, a changed filter) is cancelled.
 */
export const traceQueries = {
  queues: (client: TraceClient, req: QueuesQueryRequest) =>
    queryOptions({
      queryKey: traceKeys.queueList(client.scope, req),
      queryFn: ({ signal }) => client.queryQueues(req, { signal }),
    }),

  queue: (client: TraceClient, projectId: string, queueId: string) =>
    queryOptions({
      queryKey: traceKeys.queueDetail(client.scope, projectId, queueId),
      queryFn: ({ signal }) => client.readQueue(projectId, queueId, { signal }),
    }),

  queueStats: (client: TraceClient, req: QueueStatsRequest) =>
    queryOptions({
      queryKey: traceKeys.queueStats(client.scope, req),
      queryFn: ({ signal }) => client.queueStats(req, { signal }),
    }),

  /**
   * One page of a queue's items. Features add `placeholderData: keepPreviousData` so the table
   * keeps the old page on screen while the next one loads.
   */
  itemsPage: (client: TraceClient, queueId: string, req: ItemsQueryRequest) =>
    queryOptions({
      queryKey: traceKeys.itemPage(client.scope, queueId, req),
      queryFn: ({ signal }) => client.queryItems(queueId, req, { signal }),
    }),

  /**
   * The call of an item, or null: the service answers `{call: null}` for an id it does not have
   * (upstream does; the local service too), and the review page says the call is gone.
   */
  call: (client: TraceClient, req: CallReadRequest) =>
    queryOptions({
      queryKey: traceKeys.call(client.scope, req.project_id, req.id),
      queryFn: ({ signal }) => client.readCall(req, { signal }),
      // A call's values may be nested thousands of levels deep: structural sharing compares old and
      // new data recursively and would overflow the stack on a refetch (the view handles a new object).
      structuralSharing: false,
      // A recorded call rarely changes (a running one ends): a minute saves a read of every
      // prefetched call again when its item is opened.
      staleTime: 60_000,
    }),

  /** A queue's human-annotation specs (refs by digest never change: read once). */
  queueSpecs: (client: TraceClient, refs: readonly string[]) =>
    queryOptions({
      queryKey: traceKeys.specs(client.scope, refs),
      queryFn: ({ signal }) => readQueueSpecs(client, refs, { signal }),
      staleTime: Infinity,
    }),

  /** The project's specs (latest versions) a queue can ask: the new and edit queue forms. */
  projectSpecs: (client: TraceClient, projectId: string) =>
    queryOptions({
      queryKey: traceKeys.projectSpecs(client.scope, projectId),
      queryFn: ({ signal }) => readProjectSpecs(client, projectId, { signal }),
    }),

  /** Every answer and note on the calls: one query for a page of rows, or one call in the review. */
  callsFeedback: (client: TraceClient, projectId: string, callIds: readonly string[]) =>
    queryOptions({
      queryKey: traceKeys.callsFeedback(client.scope, projectId, callIds),
      queryFn: ({ signal }) => readCallsFeedback(client, projectId, callIds, { signal }),
    }),

  /** The latest version of each of the project's human-annotation specs, as objects (the specs page). */
  specObjects: (client: TraceClient, projectId: string) =>
    queryOptions({
      queryKey: traceKeys.specObjectList(client.scope, projectId),
      queryFn: ({ signal }) => listProjectSpecs(client, projectId, { signal }),
    }),

  /** One spec's latest version, to edit. */
  latestSpec: (client: TraceClient, projectId: string, objectId: string) =>
    queryOptions({
      queryKey: traceKeys.specObject(client.scope, projectId, objectId),
      queryFn: ({ signal }) => readLatestSpec(client, projectId, objectId, { signal }),
    }),

  /** One page of a project's calls (the Calls page). Features add `keepPreviousData` while paging. */
  callsPage: (client: TraceClient, req: CallsQueryRequest) =>
    queryOptions({
      queryKey: traceKeys.callPage(client.scope, req),
      queryFn: ({ signal }) => client.queryCalls(req, { signal }),
      // Inputs and outputs may be nested thousands of levels deep (see `call` above).
      structuralSharing: false,
    }),

  /** How many calls match the Calls page's filters. */
  callsCount: (client: TraceClient, req: CallsQueryStatsRequest) =>
    queryOptions({
      queryKey: traceKeys.callCount(client.scope, req),
      queryFn: ({ signal }) => client.countCalls(req, { signal }),
    }),

  /** The project's ops, every version (the op picker). */
  ops: (client: TraceClient, projectId: string) =>
    queryOptions({
      queryKey: traceKeys.ops(client.scope, projectId),
      queryFn: ({ signal }) => client.queryOps(projectId, { signal }),
      staleTime: 60_000,
    }),
};
