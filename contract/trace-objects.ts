import * as z from "zod/mini";
import { intAtLeast, ProjectId, Timestamp } from "./common";
import { bounded, boundedArray, LIMITS, maxChars } from "./limits";
import { SortDirection } from "./trace";

// Objects of the trace server (W&B Weave): versioned values addressed by name and content digest,
// among them the human-annotation specs a queue's `scorer_refs` point at. Semantics:
// docs/contract-decisions.md#objects and #annotation-specs.

/** An object's name: letters, digits, `_`, `-` and `.` (it appears in refs and feedback types). */
export const OBJECT_ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const ObjectId = z
  .string()
  .check(
    maxChars(LIMITS.objectIdLength),
    z.minLength(1, "must not be empty"),
    z.regex(OBJECT_ID_PATTERN, "may hold only letters, digits, '_', '-' and '.'"),
  );

/** The builtin object classes this service knows (upstream has more; the dashboard needs this one). */
export const BUILTIN_OBJECT_CLASSES = ["AnnotationSpec"] as const;

export const ObjCreateRequest = z.strictObject({
  obj: z.strictObject({
    project_id: ProjectId,
    object_id: ObjectId,
    val: z.unknown(),
    builtin_object_class: z.nullish(bounded(LIMITS.labelLength)),
    // Sent by older clients; the class comes from `builtin_object_class` or the value's own `_bases`.
    set_base_object_class: z.nullish(bounded(LIMITS.labelLength)),
    // Set by the server from the key, whatever a client sends (as upstream).
    wb_user_id: z.nullish(bounded(LIMITS.idLength)),
  }),
});
export type ObjCreateRequest = z.input<typeof ObjCreateRequest>;
export const ObjCreateResponse = z.object({ digest: z.string(), object_id: z.nullish(z.string()) });

export const ObjReadRequest = z.strictObject({
  project_id: ProjectId,
  object_id: ObjectId,
  /** A content digest, `latest`, or `v<version index>`. */
  digest: z.string().check(maxChars(LIMITS.idLength), z.minLength(1, "must not be empty")),
  metadata_only: z.nullish(z.boolean()),
});
export type ObjReadRequest = z.input<typeof ObjReadRequest>;

export const OBJECT_SORT_FIELDS = ["object_id", "created_at"] as const;

export const ObjQueryRequest = z.strictObject({
  project_id: ProjectId,
  filter: z.nullish(
    z.strictObject({
      base_object_classes: z.nullish(boundedArray(bounded(LIMITS.labelLength), LIMITS.objectQueryList)),
      leaf_object_classes: z.nullish(boundedArray(bounded(LIMITS.labelLength), LIMITS.objectQueryList)),
      object_ids: z.nullish(boundedArray(bounded(LIMITS.objectIdLength), LIMITS.objectQueryList)),
      is_op: z.nullish(z.boolean()),
      latest_only: z.nullish(z.boolean()),
    }),
  ),
  limit: z.nullish(z.int().check(z.gte(1), z.lte(LIMITS.objectPage))),
  offset: z.nullish(intAtLeast(0)),
  sort_by: z.nullish(
    boundedArray(z.strictObject({ field: z.enum(OBJECT_SORT_FIELDS), direction: SortDirection }), LIMITS.sortKeys),
  ),
  metadata_only: z.nullish(z.boolean()),
});
export type ObjQueryRequest = z.input<typeof ObjQueryRequest>;

/** One version of an object, as the service answers it. */
export const TraceObject = z.object({
  project_id: z.string(),
  object_id: z.string(),
  created_at: Timestamp,
  deleted_at: z.nullish(Timestamp),
  digest: z.string(),
  version_index: z.number(),
  is_latest: z.number(),
  kind: z.string(),
  base_object_class: z.nullish(z.string()),
  leaf_object_class: z.nullish(z.string()),
  val: z.unknown(),
  wb_user_id: z.nullish(z.string()),
});
export type TraceObject = z.infer<typeof TraceObject>;

export const ObjReadResponse = z.object({ obj: TraceObject });
export const ObjQueryResponse = z.object({ objs: z.array(TraceObject) });

export const RefsReadBatchRequest = z.strictObject({
  refs: boundedArray(bounded(LIMITS.refLength), LIMITS.objectQueryList),
});
export type RefsReadBatchRequest = z.input<typeof RefsReadBatchRequest>;
export const RefsReadBatchResponse = z.object({ vals: z.array(z.unknown()) });
