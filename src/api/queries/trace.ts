import { queryOptions } from "@tanstack/react-query";
import type { QueuesQueryRequest } from "@contract/trace";
import type { ClientScope } from "../client-config";
import { scopedKey } from "../query-key";
import { readQueueSpecs } from "../annotation-specs";
import type { TraceClient } from "../trace";

/**
 * The annotation queue service's shared key roots and the reads several features make. Kept here,
 * not in a feature's api/ folder, because more than one feature (or the status page) builds on
 * them: the queue list (queues, specs, calls, status), a queue's items (the Calls page's Add to queue
 * and train-from-queue key under them), the op versions (queues and calls), specs by ref (queues and
 * train-from-queue), and the prefix of a project's spec objects (specs saves, queues' forms read).
 * Each feature's own reads, with their keys and hooks, live in features/<area>/api/.
 */
export const traceKeys = {
  all: (scope: ClientScope) => scopedKey(scope),
  /** Everything about queues (lists, records, stats): invalidate after items are added to one. */
  queues: (scope: ClientScope) => [...traceKeys.all(scope), "queues"] as const,
  queueLists: (scope: ClientScope) => [...traceKeys.queues(scope), "list"] as const,
  queueList: (scope: ClientScope, req: QueuesQueryRequest) => [...traceKeys.queueLists(scope), req] as const,
  /** Everything about one queue's items: invalidate after setting an item's progress or adding items. */
  items: (scope: ClientScope, queueId: string) => [...traceKeys.all(scope), "items", queueId] as const,
  /** Calls: one call (the review), pages and counts (the Calls page). */
  calls: (scope: ClientScope) => [...traceKeys.all(scope), "calls"] as const,
  /** The project's op versions (op objects, every version): the Calls page's op picker, and op names read as people do. */
  ops: (scope: ClientScope, projectId: string) => [...traceKeys.all(scope), "ops", projectId] as const,
  /** Specs by ref: a ref names one content digest, so what it reads never changes. */
  specs: (scope: ClientScope, refs: readonly string[]) => [...traceKeys.all(scope), "specs", refs] as const,
  /** A project's specs as objects (latest versions, one spec's latest, a queue form's picker): invalidate after saving a spec. */
  specObjects: (scope: ClientScope, projectId: string) => [...traceKeys.all(scope), "spec-objects", projectId] as const,
};

/**
 * queryOptions for the shared reads of the annotation queue service. Each passes React Query's
 * `signal`, so a superseded request (a new page, a changed filter) is cancelled.
 */
export const traceQueries = {
  queues: (client: TraceClient, req: QueuesQueryRequest) =>
    queryOptions({
      queryKey: traceKeys.queueList(client.scope, req),
      queryFn: ({ signal }) => client.queryQueues(req, { signal }),
    }),

  /** A queue's human-annotation specs (refs by digest never change: read once). */
  queueSpecs: (client: TraceClient, refs: readonly string[]) =>
    queryOptions({
      queryKey: traceKeys.specs(client.scope, refs),
      queryFn: ({ signal }) => readQueueSpecs(client, refs, { signal }),
      staleTime: Infinity,
    }),

  /** The project's ops, every version (the op picker). */
  ops: (client: TraceClient, projectId: string) =>
    queryOptions({
      queryKey: traceKeys.ops(client.scope, projectId),
      queryFn: ({ signal }) => client.queryOps(projectId, { signal }),
      staleTime: 60_000,
    }),
};
