import * as z from "zod/mini";
import { intAtLeast, ProjectId, Timestamp } from "./common";
import { bounded, boundedArray, LIMITS } from "./limits";
import { SortDirection } from "./trace";

// Feedback of the trace server (W&B Weave): what people and scorers say about a call. Human
// annotations are `wandb.annotation.<spec object id>` with `payload: {value}` valid against the
// spec's field_schema; notes are `wandb.note.1` with `payload: {note}`. Semantics:
// docs/contract-decisions.md#feedback and #feedback-replace.

export const ANNOTATION_FEEDBACK_PREFIX = "wandb.annotation.";
export const NOTE_FEEDBACK_TYPE = "wandb.note.1";
export const REACTION_FEEDBACK_TYPE = "wandb.reaction.1";
/**
 * A judge's (a runnable's) score: `wandb.runnable.<judge object id>` with `payload: {output}` and
 * the judge's `runnable_ref` (docs/contract-decisions.md#judges).
 */
export const RUNNABLE_FEEDBACK_PREFIX = "wandb.runnable.";

const ref = bounded(LIMITS.refLength);

/** What creating feedback takes (replace takes the same and the id of the row it replaces). */
const feedbackFields = {
  project_id: ProjectId,
  weave_ref: ref,
  feedback_type: z.string().check(z.maxLength(LIMITS.feedbackTypeLength), z.minLength(1, "must not be empty")),
  payload: z.record(z.string(), z.unknown()),
  creator: z.nullish(bounded(LIMITS.labelLength)),
  annotation_ref: z.nullish(ref),
  runnable_ref: z.nullish(ref),
  call_ref: z.nullish(ref),
  trigger_ref: z.nullish(ref),
  /** A client-chosen id (upstream accepts one); otherwise the service makes one. */
  id: z.nullish(bounded(LIMITS.idLength)),
  // Set by the server from the key, whatever a client sends (as upstream).
  wb_user_id: z.nullish(bounded(LIMITS.idLength)),
};

export const FeedbackCreateRequest = z.strictObject(feedbackFields);
export type FeedbackCreateRequest = z.input<typeof FeedbackCreateRequest>;

export const FeedbackReplaceRequest = z.strictObject({ ...feedbackFields, feedback_id: bounded(LIMITS.idLength) });
export type FeedbackReplaceRequest = z.input<typeof FeedbackReplaceRequest>;

export const FeedbackCreateResponse = z.object({
  id: z.string(),
  created_at: Timestamp,
  wb_user_id: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type FeedbackCreateResponse = z.infer<typeof FeedbackCreateResponse>;

/**
 * The query language of the trace server (`{"$expr": ...}`), as far as this service evaluates it:
 * `$and`, `$or`, `$not`, `$eq`, `$gt`, `$gte`, `$in`, `$contains`, over `$getField` (a column or
 * a dotted path into the payload) and `$literal` operands. Checked by the service (a 400 names
 * what is not understood); typed loosely here.
 */
export const Query = z.strictObject({ $expr: z.record(z.string(), z.unknown()) });
export type QueryExpression = Record<string, unknown>;

export const FEEDBACK_COLUMNS = [
  "id",
  "project_id",
  "weave_ref",
  "wb_user_id",
  "creator",
  "created_at",
  "feedback_type",
  "payload",
  "annotation_ref",
  "runnable_ref",
  "call_ref",
  "trigger_ref",
] as const;

export const FeedbackQueryRequest = z.strictObject({
  project_id: ProjectId,
  /** Columns to return (all when absent); `payload.<path>` returns part of the payload. */
  fields: z.nullish(boundedArray(bounded(LIMITS.displayFieldLength), LIMITS.displayFields)),
  query: z.nullish(Query),
  sort_by: z.nullish(
    boundedArray(
      z.strictObject({ field: bounded(LIMITS.displayFieldLength), direction: SortDirection }),
      LIMITS.sortKeys,
    ),
  ),
  limit: z.nullish(z.int().check(z.gte(1), z.lte(LIMITS.feedbackPage))),
  offset: z.nullish(intAtLeast(0)),
});
export type FeedbackQueryRequest = z.input<typeof FeedbackQueryRequest>;

export const Feedback = z.object({
  id: z.string(),
  project_id: z.string(),
  weave_ref: z.string(),
  wb_user_id: z.string(),
  creator: z.nullish(z.string()),
  created_at: Timestamp,
  feedback_type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  annotation_ref: z.nullish(z.string()),
  runnable_ref: z.nullish(z.string()),
  call_ref: z.nullish(z.string()),
  trigger_ref: z.nullish(z.string()),
});
export type Feedback = z.infer<typeof Feedback>;
export const FeedbackQueryResponse = z.object({ result: z.array(z.record(z.string(), z.unknown())) });

export const FeedbackPurgeRequest = z.strictObject({ project_id: ProjectId, query: Query });
export type FeedbackPurgeRequest = z.input<typeof FeedbackPurgeRequest>;
export const FeedbackPurgeResponse = z.object({ num_deleted: z.optional(z.number()) });
