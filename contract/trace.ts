import * as z from "zod/mini";
import { intAtLeast, ProjectId, Timestamp } from "./common";
import { bounded, boundedArray, boundedNonEmpty, LIMITS, maxChars } from "./limits";
import { ANNOTATION_STATES, SORT_DIRECTIONS, SORTABLE_ITEM_FIELDS } from "./queue-item-fields";

export { ANNOTATION_STATES, SORTABLE_ITEM_FIELDS } from "./queue-item-fields";

const id = bounded(LIMITS.idLength);
const ref = bounded(LIMITS.refLength);

// The annotation queue service (W&B Weave trace server). Endpoints and semantics:
// docs/service-contracts.md#items-query and docs/contract-decisions.md#trace-endpoints.

export const AnnotationState = z.enum(ANNOTATION_STATES);
export type AnnotationState = z.infer<typeof AnnotationState>;

/** States a client may set through the progress endpoint (never `unstarted`). */
export const SETTABLE_STATES = ["in_progress", "completed", "skipped"] as const;
export const SettableState = z.enum(SETTABLE_STATES);
export type SettableState = z.infer<typeof SettableState>;

export const SortableItemField = z.enum(SORTABLE_ITEM_FIELDS);
export type SortableItemField = z.infer<typeof SortableItemField>;

export const SortDirection = z.enum(SORT_DIRECTIONS);
export type SortDirection = z.infer<typeof SortDirection>;

export const ItemSortBy = z.strictObject({ field: SortableItemField, direction: SortDirection });
export type ItemSortBy = z.infer<typeof ItemSortBy>;

export const ItemsFilter = z.strictObject({
  id: z.nullish(id),
  call_id: z.nullish(id),
  call_op_name: z.nullish(ref),
  call_trace_id: z.nullish(id),
  added_by: z.nullish(id),
  annotation_states: z.nullish(boundedArray(AnnotationState, LIMITS.annotationStates)),
});
export type ItemsFilter = z.infer<typeof ItemsFilter>;

export const ItemsQueryRequest = z.strictObject({
  project_id: ProjectId,
  filter: z.nullish(ItemsFilter),
  sort_by: z.nullish(boundedArray(ItemSortBy, LIMITS.sortKeys)),
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

// ---- path parameters (bounded like ids in bodies: a 33 MB id must not reach a query or an error) ----

export const QueuePath = z.object({ queue_id: id });
export const QueueItemPath = z.object({ queue_id: id, item_id: id });

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

export const QUEUE_SORTABLE_FIELDS = ["id", "name", "created_at", "updated_at"] as const;
export const QueueSortBy = z.strictObject({ field: z.enum(QUEUE_SORTABLE_FIELDS), direction: SortDirection });

export const QueuesQueryRequest = z.strictObject({
  project_id: ProjectId,
  name: z.nullish(bounded(LIMITS.queueNameLength)),
  sort_by: z.nullish(boundedArray(QueueSortBy, LIMITS.sortKeys)),
  limit: z.nullish(intAtLeast(0)),
  offset: z.nullish(intAtLeast(0)),
});
export type QueuesQueryRequest = z.input<typeof QueuesQueryRequest>;
// The response is NDJSON: one AnnotationQueue per line.

/** A queue's name: trimmed, 1 to `queueNameLength` characters. */
const queueName = z
  .string()
  .check(z.maxLength(LIMITS.queueNameLength, { abort: true }), z.trim(), z.minLength(1, "must not be empty"));
const queueDescription = bounded(LIMITS.descriptionLength);
/** An object ref by digest (`:latest` names no version): `weave:///<entity>/<project>/object/<name>:<digest>`. */
const OBJECT_REF_BY_DIGEST = /^weave:\/\/\/[^/]+\/[^/]+\/object\/[^/:]+:(?!latest$)[^/:]+$/;
const specRef = z
  .string()
  .check(
    maxChars(LIMITS.refLength),
    z.regex(
      OBJECT_REF_BY_DIGEST,
      "must be an AnnotationSpec ref by digest: weave:///<entity>/<project>/object/<name>:<digest>",
    ),
  );
/**
 * A queue's questions, in the order they are asked: refs to AnnotationSpec versions. That each one
 * is of the request's project and listed once is checked with the project (sameProjectRefs); that
 * it names a live AnnotationSpec is the service's check (a 400, as for feedback's spec refs).
 */
const scorerRefs = boundedArray(specRef, LIMITS.scorerRefs);

/**
 * Issues at `["scorer_refs", i]` for well-formed refs of another project than `project_id`, and for
 * repeats. Zod runs this even when a field has failed, so it reads the request defensively.
 */
const sameProjectRefs = z.superRefine((request: { project_id: unknown; scorer_refs?: unknown }, ctx) => {
  if (!Array.isArray(request.scorer_refs) || !z.safeParse(ProjectId, request.project_id).success) return;
  const prefix = `weave:///${request.project_id}/object/`;
  // By spec, not by version: answers are keyed on the spec's name (`wandb.annotation.<name>`), so two
  // versions of one spec would be one question asked twice, sharing its answers.
  const seen = new Map<string, string>();
  request.scorer_refs.forEach((text: unknown, index) => {
    if (typeof text !== "string" || text.length > LIMITS.refLength || !OBJECT_REF_BY_DIGEST.test(text)) return;
    const name = text.slice(prefix.length).split(":")[0] ?? "";
    const earlier = seen.get(name);
    const message = !text.startsWith(prefix)
      ? `must be an AnnotationSpec of project '${request.project_id}'`
      : earlier === text
        ? "is listed twice"
        : earlier !== undefined
          ? `is another version of the spec '${name}', which the queue already asks (one spec's versions share its answers)`
          : null;
    if (!seen.has(name)) seen.set(name, text);
    if (message) ctx.addIssue({ code: "custom", path: ["scorer_refs", index], message, input: text });
  });
});

export const CreateQueueRequest = z
  .strictObject({
    project_id: ProjectId,
    name: queueName,
    description: z._default(queueDescription, ""),
    scorer_refs: z._default(scorerRefs, []),
  })
  .check(sameProjectRefs);
export type CreateQueueRequest = z.input<typeof CreateQueueRequest>;
export const CreateQueueResponse = z.object({ id: z.string() });
export type CreateQueueResponse = z.infer<typeof CreateQueueResponse>;

/**
 * `PUT /annotation_queues/{queue_id}`: the fields given replace the queue's (and move `updated_at`);
 * a request with none answers the queue unchanged, as upstream.
 */
export const UpdateQueueRequest = z
  .strictObject({
    project_id: ProjectId,
    name: z.nullish(queueName),
    description: z.nullish(queueDescription),
    scorer_refs: z.nullish(scorerRefs),
  })
  .check(sameProjectRefs);
export type UpdateQueueRequest = z.input<typeof UpdateQueueRequest>;
export const UpdateQueueResponse = z.object({ queue: AnnotationQueue });

/** `DELETE /annotation_queues/{queue_id}?project_id=`: a soft delete; the answer is the queue with `deleted_at` set. */
export const DeleteQueueQuery = z.object({ project_id: ProjectId });
export const DeleteQueueResponse = z.object({ queue: AnnotationQueue });

/** Query string of `GET /annotation_queues/{queue_id}`. Tolerant: other parameters are ignored. */
export const ReadQueueQuery = z.object({ project_id: ProjectId });
export type ReadQueueQuery = z.input<typeof ReadQueueQuery>;
export const ReadQueueResponse = z.object({ queue: AnnotationQueue });

export const QueueStatsRequest = z.strictObject({
  project_id: ProjectId,
  queue_ids: boundedArray(id, LIMITS.statsQueueIds),
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
  call_ids: boundedArray(id, LIMITS.callIdsPerAdd).check(z.minLength(1)),
  display_fields: z._default(boundedArray(bounded(LIMITS.displayFieldLength), LIMITS.displayFields), []),
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

export const CallReadRequest = z.strictObject({
  project_id: ProjectId,
  id: boundedNonEmpty(LIMITS.idLength),
  // Upstream's flags (the weave client sends them); the local service has no costs or storage to add.
  include_costs: z.nullish(z.boolean()),
  include_storage_size: z.nullish(z.boolean()),
  include_total_storage_size: z.nullish(z.boolean()),
});
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
  // Absent when a query's `columns` leave it out (as upstream); null is a call that returned nothing.
  output: z.optional(z.unknown()),
  exception: z.nullish(z.string()),
  attributes: z.nullish(z.record(z.string(), z.unknown())),
  summary: z.nullish(z.record(z.string(), z.unknown())),
  wb_user_id: z.nullish(z.string()),
  thread_id: z.nullish(z.string()),
  turn_id: z.nullish(z.string()),
  wb_run_id: z.nullish(z.string()),
  wb_run_step: z.nullish(z.int()),
});
export type Call = z.infer<typeof Call>;
/** `call` is null for an id the project does not have (upstream answers 200, not 404). */
export const CallReadResponse = z.object({ call: z.nullable(Call) });
