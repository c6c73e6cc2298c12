import type { Hono } from "hono";
import {
  AddItemsRequest,
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
import { authorizeProject } from "../auth/middleware";
import type { AppEnv } from "../http/env";
import { validateJson, validatePath, validateQuery } from "../http/validate";
import { addCallsToQueue } from "./items";
import { itemsAnswerJson } from "./item-json";
import { queryItemRows } from "./items-query";
import { setProgress } from "./progress";
import { createQueue, deleteQueue, findQueue, queryQueues, queueStats, requireQueue, updateQueue } from "./queues";
import { toApiItem, toApiQueue } from "./rows";
import { checkScorerRefs } from "./scorer-refs";

/** Annotation queues, their items and each annotator's progress on an item (README, "Choices"). */
export function registerQueueRoutes(service: Hono<AppEnv>): void {
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
    return c.body(queues.map((queue) => `${JSON.stringify(queue)}\n`).join(""), 200, {
      "Content-Type": "application/jsonl",
    });
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
    const queue = updateQueue(db, body.project_id, queue_id, {
      name: body.name,
      description: body.description,
      scorerRefs: body.scorer_refs,
    });
    return c.json({ queue: toApiQueue(queue) });
  });

  service.delete("/annotation_queues/:queue_id", (c) => {
    const { queue_id } = validatePath(c, QueuePath);
    const query = validateQuery(c, DeleteQueueQuery);
    authorizeProject(c, query.project_id);
    return c.json({ queue: toApiQueue(deleteQueue(c.get("db"), query.project_id, queue_id)) });
  });

  service.post("/annotation_queues/:queue_id/items", async (c) => {
    const { queue_id } = validatePath(c, QueuePath);
    const body = await validateJson(c, AddItemsRequest);
    authorizeProject(c, body.project_id);
    const db = c.get("db");
    const queue = requireQueue(db, body.project_id, queue_id);
    return c.json(
      addCallsToQueue(db, queue, {
        callIds: body.call_ids,
        displayFields: body.display_fields,
        addedBy: c.get("user").id,
      }),
    );
  });

  service.post("/annotation_queues/:queue_id/items/query", async (c) => {
    const { queue_id } = validatePath(c, QueuePath);
    const body = await validateJson(c, ItemsQueryRequest);
    authorizeProject(c, body.project_id);
    const db = c.get("db");
    // An unknown queue has no items (the real service answers the same way). A deleted queue has
    // none either: upstream still answers its items, but nothing should offer a deleted queue's work.
    const queue = findQueue(db, body.project_id, queue_id);
    if (!queue) return c.json({ items: [] });
    // Written once as text from the stored rows (item-json.ts): the answer of every scroll of the items table.
    return c.body(itemsAnswerJson(queryItemRows(db, queue, body), queue.id), 200, {
      "Content-Type": "application/json",
    });
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
}
