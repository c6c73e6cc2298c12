import {
  AddItemsResponse,
  AnnotationQueue,
  CallReadResponse,
  CreateQueueResponse,
  DeleteQueueResponse,
  ItemProgressResponse,
  ItemsQueryResponse,
  QueueStatsResponse,
  ReadQueueResponse,
  UpdateQueueResponse,
  type AddItemsRequest,
  type AnnotationQueueItem,
  type Call,
  type CallReadRequest,
  type CreateQueueRequest,
  type ItemProgressRequest,
  type ItemsQueryRequest,
  type QueueStats,
  type QueueStatsRequest,
  type QueuesQueryRequest,
  type UpdateQueueRequest,
} from "@contract/trace";
import {
  FeedbackCreateResponse,
  FeedbackQueryResponse,
  FeedbackPurgeResponse,
  type FeedbackCreateRequest,
  type FeedbackPurgeRequest,
  type FeedbackQueryRequest,
  type FeedbackReplaceRequest,
} from "@contract/trace-feedback";
import {
  ObjCreateResponse,
  ObjQueryResponse,
  ObjReadResponse,
  RefsReadBatchResponse,
  type ObjCreateRequest,
  type ObjQueryRequest,
  type ObjReadRequest,
  type TraceObject,
} from "@contract/trace-objects";
import type * as z from "zod/mini";
import { basicAuth } from "./auth";
import { createHttpClient, type CallOptions } from "./http";
import { clientScope, type ServiceClientConfig } from "./client-config";
import { segment } from "./url";
import { traceCallsMethods } from "./trace-calls";

export type TraceClient = ReturnType<typeof createTraceClient>;

/**
 * The annotation queue service (W&B Weave trace server): queues, their items and progress, and
 * the calls items point to. Endpoints: docs/contract-decisions.md#trace-endpoints.
 * Requests are sent as given (the service validates them and answers 422 naming the field).
 */
export function createTraceClient(config: ServiceClientConfig) {
  const http = createHttpClient({ ...config, service: "trace", authHeaders: basicAuth });
  const scope = clientScope("trace", config);

  return {
    scope,
    ...traceCallsMethods(http),

    /** The project's queues; the service answers NDJSON, one queue per line. */
    queryQueues(req: QueuesQueryRequest, options?: CallOptions): Promise<AnnotationQueue[]> {
      return http.ndjson({ method: "POST", path: "/annotation_queues/query", body: req, options }, AnnotationQueue);
    },

    async readQueue(projectId: string, queueId: string, options?: CallOptions): Promise<AnnotationQueue> {
      const path = `/annotation_queues/${segment(queueId)}`;
      const res = await http.json(
        { method: "GET", path, query: { project_id: projectId }, options },
        ReadQueueResponse,
      );
      return res.queue;
    },

    /** Item totals per queue, in the order the service sends them. */
    async queueStats(req: QueueStatsRequest, options?: CallOptions): Promise<QueueStats[]> {
      const res = await http.json(
        { method: "POST", path: "/annotation_queues/stats", body: req, options },
        QueueStatsResponse,
      );
      return res.stats;
    },

    createQueue(req: CreateQueueRequest, options?: CallOptions): Promise<z.infer<typeof CreateQueueResponse>> {
      return http.json({ method: "POST", path: "/annotation_queues", body: req, options }, CreateQueueResponse);
    },

    /** Replaces the fields given (name, description, scorer_refs); the answer is the queue as stored. */
    async updateQueue(queueId: string, req: UpdateQueueRequest, options?: CallOptions): Promise<AnnotationQueue> {
      const res = await http.json(
        { method: "PUT", path: `/annotation_queues/${segment(queueId)}`, body: req, options },
        UpdateQueueResponse,
      );
      return res.queue;
    },

    /** Soft delete: the answer is the queue with `deleted_at` set; reading it afterwards is a 404. */
    async deleteQueue(projectId: string, queueId: string, options?: CallOptions): Promise<AnnotationQueue> {
      const path = `/annotation_queues/${segment(queueId)}`;
      const res = await http.json(
        { method: "DELETE", path, query: { project_id: projectId }, options },
        DeleteQueueResponse,
      );
      return res.queue;
    },

    /** Versions of the project's objects (specs, ops, datasets: by class, name, latest only), one page. */
    async queryObjects(req: ObjQueryRequest, options?: CallOptions): Promise<TraceObject[]> {
      const res = await http.json({ method: "POST", path: "/objs/query", body: req, options }, ObjQueryResponse);
      return res.objs;
    },

    addItems(queueId: string, req: AddItemsRequest, options?: CallOptions): Promise<z.infer<typeof AddItemsResponse>> {
      const path = `/annotation_queues/${segment(queueId)}/items`;
      return http.json({ method: "POST", path, body: req, options }, AddItemsResponse);
    },

    /** One page of items (limit/offset), filtered and sorted by the service. */
    queryItems(queueId: string, req: ItemsQueryRequest, options?: CallOptions): Promise<ItemsQueryResponse> {
      const path = `/annotation_queues/${segment(queueId)}/items/query`;
      return http.json({ method: "POST", path, body: req, options }, ItemsQueryResponse);
    },

    async setItemProgress(
      queueId: string,
      itemId: string,
      req: ItemProgressRequest,
      options?: CallOptions,
    ): Promise<AnnotationQueueItem> {
      const path = `/annotation_queues/${segment(queueId)}/items/${segment(itemId)}/progress`;
      const res = await http.json({ method: "POST", path, body: req, options }, ItemProgressResponse);
      return res.item;
    },

    /** The values the refs point at, in order (the whole batch fails when one is unknown; a deleted object is null). */
    async readRefs(refs: readonly string[], options?: CallOptions): Promise<unknown[]> {
      const res = await http.json(
        { method: "POST", path: "/refs/read_batch", body: { refs }, options },
        RefsReadBatchResponse,
      );
      return res.vals;
    },

    /** Stores a version of an object: the same object id with a new value is its next version. */
    createObject(req: ObjCreateRequest, options?: CallOptions): Promise<z.infer<typeof ObjCreateResponse>> {
      return http.json({ method: "POST", path: "/obj/create", body: req, options }, ObjCreateResponse);
    },

    /** One version of an object: by digest, `latest` or `v<index>` (404 when there is none). */
    async readObject(req: ObjReadRequest, options?: CallOptions): Promise<TraceObject> {
      const res = await http.json({ method: "POST", path: "/obj/read", body: req, options }, ObjReadResponse);
      return res.obj;
    },

    createFeedback(req: FeedbackCreateRequest, options?: CallOptions): Promise<FeedbackCreateResponse> {
      return http.json({ method: "POST", path: "/feedback/create", body: req, options }, FeedbackCreateResponse);
    },

    /** Replaces a row: the answer has a new id (upstream deletes, then creates). */
    replaceFeedback(req: FeedbackReplaceRequest, options?: CallOptions): Promise<FeedbackCreateResponse> {
      return http.json({ method: "POST", path: "/feedback/replace", body: req, options }, FeedbackCreateResponse);
    },

    async queryFeedback(req: FeedbackQueryRequest, options?: CallOptions): Promise<Record<string, unknown>[]> {
      const res = await http.json(
        { method: "POST", path: "/feedback/query", body: req, options },
        FeedbackQueryResponse,
      );
      return res.result;
    },

    purgeFeedback(req: FeedbackPurgeRequest, options?: CallOptions): Promise<z.infer<typeof FeedbackPurgeResponse>> {
      return http.json({ method: "POST", path: "/feedback/purge", body: req, options }, FeedbackPurgeResponse);
    },

    /** The call, or null when the project has no call of that id (upstream answers 200 `{call: null}`). */
    async readCall(req: CallReadRequest, options?: CallOptions): Promise<Call | null> {
      const res = await http.json({ method: "POST", path: "/call/read", body: req, options }, CallReadResponse);
      return res.call;
    },
  };
}
