import { partialMatchKey, type QueryKey } from "@tanstack/react-query";
import type { ItemsQueryRequest, QueueStatsRequest, QueuesQueryRequest } from "@contract/trace";
import type { CallsQueryRequest, CallsQueryStatsRequest } from "@contract/trace-calls";
import type { ClientScope } from "./client-config";
import type { CheckpointPageParams, EventPageParams } from "./training";

/**
 * Query-key factories, general to specific (TkDodo's "Effective React Query Keys"), so a
 * mutation can invalidate exactly the right prefix: `traceKeys.items(scope, queueId)` covers
 * every page of one queue's items. Every key starts with the client's scope (service, base
 * URL, key fingerprint, never the key), so new settings never show another account's cache.
 */
const scopeKey = (scope: ClientScope) => [scope.service, scope.baseUrl, scope.keyFingerprint] as const;

export const traceKeys = {
  all: (scope: ClientScope) => scopeKey(scope),
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

export const trainingKeys = {
  all: (scope: ClientScope) => scopeKey(scope),
  models: (scope: ClientScope) => [...trainingKeys.all(scope), "models"] as const,
  model: (scope: ClientScope, modelId: string) => [...trainingKeys.models(scope), "detail", modelId] as const,
  /** Every checkpoint page of one model: invalidate after deleting checkpoints. */
  checkpoints: (scope: ClientScope, modelId: string) => [...trainingKeys.model(scope, modelId), "checkpoints"] as const,
  checkpointPage: (scope: ClientScope, modelId: string, params: CheckpointPageParams) =>
    [...trainingKeys.checkpoints(scope, modelId), params] as const,
  /** A model's logged metrics of one split (local services only: GET /local/models/{id}/logs). */
  modelLogs: (scope: ClientScope, modelId: string, split: string) => [...trainingKeys.model(scope, modelId), "logs", split] as const,
  jobs: (scope: ClientScope) => [...trainingKeys.all(scope), "jobs"] as const,
  job: (scope: ClientScope, jobId: string) => [...trainingKeys.jobs(scope), "detail", jobId] as const,
  jobEvents: (scope: ClientScope, jobId: string) => [...trainingKeys.job(scope, jobId), "events"] as const,
  jobEventPage: (scope: ClientScope, jobId: string, params: EventPageParams) => [...trainingKeys.jobEvents(scope, jobId), params] as const,
  health: (scope: ClientScope) => [...trainingKeys.all(scope), "health"] as const,
  systemCheck: (scope: ClientScope) => [...trainingKeys.all(scope), "system-check"] as const,
};

export const inferenceKeys = {
  all: (scope: ClientScope) => scopeKey(scope),
  models: (scope: ClientScope) => [...inferenceKeys.all(scope), "models"] as const,
};

export const wandbKeys = {
  all: (scope: ClientScope) => scopeKey(scope),
  viewer: (scope: ClientScope) => [...wandbKeys.all(scope), "viewer"] as const,
  projects: (scope: ClientScope, entity: string) => [...wandbKeys.all(scope), "projects", entity] as const,
};
