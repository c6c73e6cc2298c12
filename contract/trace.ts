import * as z from "zod/mini";
import { intAtLeast, nonEmpty, ProjectId, Timestamp } from "./common";

// The annotation queue service (W&B Weave trace server). Endpoints and semantics:
// ../shared/spec/service-contracts.md section 4.1 and contract-decisions.md.

export const ANNOTATION_STATES = ["unstarted", "in_progress", "completed", "skipped"] as const;
export const AnnotationState = z.enum(ANNOTATION_STATES);
export type AnnotationState = z.infer<typeof AnnotationState>;

/** States a client may set through the progress endpoint (never `unstarted`). */
export const SETTABLE_STATES = ["in_progress", "completed", "skipped"] as const;
export const SettableState = z.enum(SETTABLE_STATES);
export type SettableState = z.infer<typeof SettableState>;

export const SORTABLE_ITEM_FIELDS = ["call_started_at", "call_op_name", "created_at", "updated_at"] as const;
export const SortableItemField = z.enum(SORTABLE_ITEM_FIELDS);
export type SortableItemField = z.infer<typeof SortableItemField>;

export const SortDirection = z.enum(["asc", "desc"]);
export type SortDirection = z.infer<typeof SortDirection>;

export const ItemSortBy = z.strictObject({ field: SortableItemField, direction: SortDirection });
export type ItemSortBy = z.infer<typeof ItemSortBy>;

export const ItemsFilter = z.strictObject({
  id: z.nullish(z.string()),
  call_id: z.nullish(z.string()),
  call_op_name: z.nullish(z.string()),
  call_trace_id: z.nullish(z.string()),
  added_by: z.nullish(z.string()),
  annotation_states: z.nullish(z.array(AnnotationState)),
});
export type ItemsFilter = z.infer<typeof ItemsFilter>;
/** The six filter fields, in the order the dashboard shows them. */
export const ITEM_FILTER_FIELDS = Object.keys(ItemsFilter.shape) as (keyof ItemsFilter)[];

export const ItemsQueryRequest = z.strictObject({
  project_id: ProjectId,
  filter: z.nullish(ItemsFilter),
  sort_by: z.nullish(z.array(ItemSortBy)),
  limit: z.nullish(intAtLeast(0)),
  offset: z.nullish(intAtLeast(0)),
  include_position: z._default(z.boolean(), false),
});
export type ItemsQueryRequest = z.input<typeof ItemsQueryRequest>;

export const AnnotationQueueItem = z.object({
  id: z.string(),
  project_id: z.string(),
  queue_id: z.string(),
  call_id: z.string(),
  call_started_at: Timestamp,
  call_ended_at: z.nullish(Timestamp),
  call_op_name: z.string(),
  call_trace_id: z.string(),
  display_fields: z.array(z.string()),
  added_by: z.nullish(z.string()),
  annotation_state: AnnotationState,
  annotator_user_id: z.nullish(z.string()),
  created_at: Timestamp,
  created_by: z.string(),
  updated_at: Timestamp,
  deleted_at: z.nullish(Timestamp),
  position_in_queue: z.nullish(z.int()),
});
export type AnnotationQueueItem = z.infer<typeof AnnotationQueueItem>;

export const ItemsQueryResponse = z.object({ items: z.array(AnnotationQueueItem) });
export type ItemsQueryResponse = z.infer<typeof ItemsQueryResponse>;

// ---- queues ----

export const AnnotationQueue = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  description: z.nullish(z.string()),
  scorer_refs: z.nullish(z.array(z.string())),
  created_at: Timestamp,
  created_by: z.nullish(z.string()),
  updated_at: z.nullish(Timestamp),
  deleted_at: z.nullish(Timestamp),
});
export type AnnotationQueue = z.infer<typeof AnnotationQueue>;

export const QUEUE_SORTABLE_FIELDS = ["name", "created_at", "updated_at"] as const;
export const QueueSortBy = z.strictObject({ field: z.enum(QUEUE_SORTABLE_FIELDS), direction: SortDirection });

export const QueuesQueryRequest = z.strictObject({
  project_id: ProjectId,
  name: z.nullish(z.string()),
  sort_by: z.nullish(z.array(QueueSortBy)),
  limit: z.nullish(intAtLeast(0)),
  offset: z.nullish(intAtLeast(0)),
});
export type QueuesQueryRequest = z.input<typeof QueuesQueryRequest>;
// The response is NDJSON: one AnnotationQueue per line.

export const CreateQueueRequest = z.strictObject({
  project_id: ProjectId,
  name: z.string().check(z.trim(), z.minLength(1, "must not be empty"), z.maxLength(200)),
  description: z._default(z.string().check(z.maxLength(5000)), ""),
  scorer_refs: z._default(z.array(z.string()), []),
});
export type CreateQueueRequest = z.input<typeof CreateQueueRequest>;
export const CreateQueueResponse = z.object({ id: z.string() });
export type CreateQueueResponse = z.infer<typeof CreateQueueResponse>;

/** Query string of `GET /annotation_queues/{queue_id}`. Tolerant: other parameters are ignored. */
export const ReadQueueQuery = z.object({ project_id: ProjectId });
export type ReadQueueQuery = z.input<typeof ReadQueueQuery>;
export const ReadQueueResponse = z.object({ queue: AnnotationQueue });

export const QueueStatsRequest = z.strictObject({
  project_id: ProjectId,
  queue_ids: z.array(z.string()),
});
export type QueueStatsRequest = z.input<typeof QueueStatsRequest>;
export const QueueStats = z.object({
  queue_id: z.string(),
  total_items: z.int(),
  completed_items: z.int(),
});
export type QueueStats = z.infer<typeof QueueStats>;
export const QueueStatsResponse = z.object({ stats: z.array(QueueStats) });

export const AddItemsRequest = z.strictObject({
  project_id: ProjectId,
  call_ids: z.array(z.string()).check(z.minLength(1)),
  display_fields: z._default(z.array(z.string()), []),
});
export type AddItemsRequest = z.input<typeof AddItemsRequest>;
export const AddItemsResponse = z.object({ added_count: z.int(), duplicates: z.int() });
export type AddItemsResponse = z.infer<typeof AddItemsResponse>;

// ---- item progress ----

export const ItemProgressRequest = z.strictObject({
  project_id: ProjectId,
  annotation_state: SettableState,
});
export type ItemProgressRequest = z.input<typeof ItemProgressRequest>;
export const ItemProgressResponse = z.object({ item: AnnotationQueueItem });

// ---- calls ----

export const CallReadRequest = z.strictObject({ project_id: ProjectId, id: nonEmpty() });
export type CallReadRequest = z.input<typeof CallReadRequest>;

export const Call = z.object({
  id: z.string(),
  project_id: z.string(),
  op_name: z.string(),
  display_name: z.nullish(z.string()),
  trace_id: z.string(),
  parent_id: z.nullish(z.string()),
  started_at: Timestamp,
  ended_at: z.nullish(Timestamp),
  inputs: z.nullish(z.record(z.string(), z.unknown())),
  output: z.unknown(),
  exception: z.nullish(z.string()),
  attributes: z.nullish(z.record(z.string(), z.unknown())),
  summary: z.nullish(z.record(z.string(), z.unknown())),
  wb_user_id: z.nullish(z.string()),
});
export type Call = z.infer<typeof Call>;
export const CallReadResponse = z.object({ call: Call });
