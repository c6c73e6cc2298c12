import { queryOptions } from "@tanstack/react-query";
import type { CallsQueryRequest, CallsQueryStatsRequest } from "@contract/trace-calls";
import type { CallReadRequest, ItemsQueryRequest, QueueStatsRequest, QueuesQueryRequest } from "@contract/trace";
import { traceKeys } from "../query-keys";
import { readCallsFeedback, readQueueSpecs } from "../annotation-specs";
import { readProjectSpecs } from "../project-specs";
import { listProjectSpecs, readLatestSpec } from "../spec-objects";
import type { TraceClient } from "../trace";

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
