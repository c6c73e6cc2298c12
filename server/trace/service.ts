import { Hono, type Context } from "hono";
import {
  AddItemsRequest,
  CallReadRequest,
  CreateQueueRequest,
  DeleteQueueQuery,
  ItemProgressRequest,
  ItemsQueryRequest,
  QueueItemPath,
  QueuePath,
  QueueStatsRequest,
  QueuesQueryRequest,
  ReadQueueQuery,
  UpdateQueueRequest,
} from "../../contract/trace";
import { CallsQueryRequest, CallsQueryStatsRequest } from "../../contract/trace-calls";
import { FeedbackCreateRequest, FeedbackPurgeRequest, FeedbackQueryRequest, FeedbackReplaceRequest } from "../../contract/trace-feedback";
import { ObjCreateRequest, ObjQueryRequest, ObjReadRequest } from "../../contract/trace-objects";
import { createFeedback, purgeFeedback, queryFeedback, replaceFeedback } from "./feedback/feedback";
import { createObject, queryObjects, readObject } from "./objects/objects";
import { assertEntityAccess, entityOfProject, requireApiKey } from "../auth/middleware";
import { serviceErrorHandler } from "../http/errors";
import type { AppEnv } from "../http/env";
import { validateJson, validatePath, validateQuery } from "../http/validate";
import { findCall } from "./calls";
import { countCalls, planCallsQuery } from "./calls-query/query";
import { streamCalls } from "./calls-query/stream";
import { addCallsToQueue } from "./items";
import { queryItems } from "./items-query";
import { setProgress } from "./progress";
import { createQueue, deleteQueue, findQueue, queryQueues, queueStats, requireQueue, updateQueue } from "./queues";
import { checkScorerRefs } from "./scorer-refs";
import { registerCallWrites, registerServerInfo } from "./call-writes/routes";
import { toApiCall, toApiItem, toApiQueue } from "./rows";
import { registerTableAndFileRoutes } from "./tables/routes";
import { createLargeUploadLimit } from "./large-uploads";

/** 403 unless the key's user may use the project's entity. */
function authorizeProject(c: Context<AppEnv>, projectId: string): void {
  assertEntityAccess(c.get("user"), entityOfProject(projectId));
}

/** The annotation queue service (real: W&B Weave trace server). Errors as `{"reason": ...}`. */
export function createTraceService(options: { uploadOffThreadBytes?: number | undefined } = {}): Hono<AppEnv> {
  const service = new Hono<AppEnv>();
  // Registered before the key check: the weave SDK's login check calls it with no key.
  service.get("/health", (c) => c.json({ status: "ok" }));
  registerServerInfo(service);
  service.use("*", requireApiKey);
  service.onError(serviceErrorHandler("reason"));
  // Files, tables and call batches of 1 MiB and more: at most 2 in flight per entity (large-uploads.ts).
  const limitLargeUploads = createLargeUploadLimit();

  service.post("/annotation_queues", async (c) => {
    const body = await validateJson(c, CreateQueueRequest);
    authorizeProject(c, body.project_id);
    checkScorerRefs(c.get("db"), body.project_id, body.scorer_refs);
    const queue = createQueue(c.get("db"), {
      projectId: body.project_id,
      name: body.name,
      description: body.description,
      scorerRefs: body.scorer_refs,
      createdBy: c.get("user").id,
    });
    return c.json({ id: queue.id });
  });

  // NDJSON, as the real service streams it: one queue object per line.
  service.post("/annotation_queues/query", async (c) => {
    const body = await validateJson(c, QueuesQueryRequest);
    authorizeProject(c, body.project_id);
    const queues = queryQueues(c.get("db"), body.project_id, body);
    return c.body(queues.map((queue) => `${JSON.stringify(queue)}\n`).join(""), 200, { "Content-Type": "application/jsonl" });
  });

  service.post("/annotation_queues/stats", async (c) => {
    const body = await validateJson(c, QueueStatsRequest);
    authorizeProject(c, body.project_id);
    return c.json({ stats: queueStats(c.get("db"), body.project_id, body.queue_ids) });
  });

  service.get("/annotation_queues/:queue_id", (c) => {
    const { queue_id } = validatePath(c, QueuePath);
    const query = validateQuery(c, ReadQueueQuery);
    authorizeProject(c, query.project_id);
    return c.json({ queue: toApiQueue(requireQueue(c.get("db"), query.project_id, queue_id)) });
  });

  service.put("/annotation_queues/:queue_id", async (c) => {
    const { queue_id } = validatePath(c, QueuePath);
    const body = await validateJson(c, UpdateQueueRequest);
    authorizeProject(c, body.project_id);
    const db = c.get("db");
    if (body.scorer_refs) checkScorerRefs(db, body.project_id, body.scorer_refs);
    const queue = updateQueue(db, body.project_id, queue_id, { name: body.name, description: body.description, scorerRefs: body.scorer_refs });
    return c.json({ queue: toApiQueue(queue) });
  });

  service.delete("/annotation_queues/:queue_id", (c) => {
    const { queue_id } = validatePath(c, QueuePath);
    const query = validateQuery(c, DeleteQueueQuery);
    authorizeProject(c, query.project_id);
    return c.json({ queue: toApiQueue(deleteQueue(c.get("db"), query.project_id, queue_id)) });
  });

  service.post("/obj/create", async (c) => {
    const { obj } = await validateJson(c, ObjCreateRequest);
    authorizeProject(c, obj.project_id);
    const { digest } = createObject(c.get("db"), {
      projectId: obj.project_id,
      objectId: obj.object_id,
      val: obj.val,
      builtinClass: obj.builtin_object_class ?? null,
      userId: c.get("user").id,
    });
    return c.json({ digest, object_id: obj.object_id });
  });

  service.post("/obj/read", async (c) => {
    const body = await validateJson(c, ObjReadRequest);
    authorizeProject(c, body.project_id);
    return c.json({ obj: readObject(c.get("db"), body.project_id, body.object_id, body.digest, body.metadata_only === true) });
  });

  service.post("/objs/query", async (c) => {
    const body = await validateJson(c, ObjQueryRequest);
    authorizeProject(c, body.project_id);
    return c.json({ objs: queryObjects(c.get("db"), body) });
  });

  // Files, tables, and /refs/read_batch (refs into objects and tables): tables/routes.ts.
  registerTableAndFileRoutes(service, { limitLargeUploads, offThreadBytes: options.uploadOffThreadBytes });

  service.post("/feedback/create", async (c) => {
    const body = await validateJson(c, FeedbackCreateRequest);
    authorizeProject(c, body.project_id);
    return c.json(createFeedback(c.get("db"), body, c.get("user").id));
  });

  service.post("/feedback/replace", async (c) => {
    const body = await validateJson(c, FeedbackReplaceRequest);
    authorizeProject(c, body.project_id);
    return c.json(replaceFeedback(c.get("db"), body, c.get("user").id));
  });

  service.post("/feedback/query", async (c) => {
    const body = await validateJson(c, FeedbackQueryRequest);
    authorizeProject(c, body.project_id);
    return c.json({ result: queryFeedback(c.get("db"), body) });
  });

  service.post("/feedback/purge", async (c) => {
    const body = await validateJson(c, FeedbackPurgeRequest);
    authorizeProject(c, body.project_id);
    return c.json({ num_deleted: purgeFeedback(c.get("db"), body.project_id, body.query.$expr) });
  });

  service.post("/annotation_queues/:queue_id/items", async (c) => {
    const { queue_id } = validatePath(c, QueuePath);
    const body = await validateJson(c, AddItemsRequest);
    authorizeProject(c, body.project_id);
    const db = c.get("db");
    const queue = requireQueue(db, body.project_id, queue_id);
    return c.json(addCallsToQueue(db, queue, { callIds: body.call_ids, displayFields: body.display_fields, addedBy: c.get("user").id }));
  });

  service.post("/annotation_queues/:queue_id/items/query", async (c) => {
    const { queue_id } = validatePath(c, QueuePath);
    const body = await validateJson(c, ItemsQueryRequest);
    authorizeProject(c, body.project_id);
    const db = c.get("db");
    // An unknown queue has no items (the real service answers the same way). A deleted queue has
    // none either: upstream still answers its items, but nothing should offer a deleted queue's work.
    const queue = findQueue(db, body.project_id, queue_id);
    return c.json({ items: queue ? queryItems(db, queue, body) : [] });
  });

  service.post("/annotation_queues/:queue_id/items/:item_id/progress", async (c) => {
    const { queue_id, item_id } = validatePath(c, QueueItemPath);
    const body = await validateJson(c, ItemProgressRequest);
    authorizeProject(c, body.project_id);
    const db = c.get("db");
    const queue = requireQueue(db, body.project_id, queue_id);
    const item = setProgress(db, queue, item_id, c.get("user").id, body.annotation_state);
    return c.json({ item: toApiItem(item, queue.id) });
  });

  service.post("/call/read", async (c) => {
    const body = await validateJson(c, CallReadRequest);
    authorizeProject(c, body.project_id);
    // An unknown id is 200 {call: null}, as upstream.
    const row = findCall(c.get("db"), body.project_id, body.id);
    return c.json({ call: row ? toApiCall(row) : null });
  });

  // NDJSON, one call per line, streamed in steps as it is read (calls-query/stream.ts).
  service.post("/calls/stream_query", async (c) => {
    const body = await validateJson(c, CallsQueryRequest);
    authorizeProject(c, body.project_id);
    const stream = streamCalls(c.get("db"), planCallsQuery(c.get("db"), body), { projectId: body.project_id, includeFeedback: body.include_feedback === true });
    return c.body(stream, 200, { "Content-Type": "application/jsonl" });
  });

  service.post("/calls/query_stats", async (c) => {
    const body = await validateJson(c, CallsQueryStatsRequest);
    authorizeProject(c, body.project_id);
    return c.json({ count: await countCalls(c.get("db"), body) });
  });

  registerCallWrites(service, { limitLargeUploads, offThreadBytes: options.uploadOffThreadBytes });

  return service;
}
