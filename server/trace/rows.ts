import type { AnnotationQueue, AnnotationQueueItem, AnnotationState, Call } from "../../contract/trace";

// Stored rows and their API shapes. Times are stored as epoch milliseconds and sent as ISO 8601
// UTC strings with milliseconds.

export const toIso = (ms: number): string => new Date(ms).toISOString();
const toIsoOrNull = (ms: number | null): string | null => (ms === null ? null : toIso(ms));

export type QueueRow = {
  seq: number;
  id: string;
  project_id: string;
  name: string;
  description: string;
  scorer_refs: string;
  created_at: number;
  created_by: string;
  updated_at: number;
  deleted_at: number | null;
};

export function toApiQueue(row: QueueRow): AnnotationQueue {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    scorer_refs: JSON.parse(row.scorer_refs) as string[],
    created_at: toIso(row.created_at),
    created_by: row.created_by,
    updated_at: toIso(row.updated_at),
    deleted_at: toIsoOrNull(row.deleted_at),
  };
}

export type ItemRow = {
  seq: number;
  id: string;
  queue_seq: number;
  project_id: string;
  call_id: string;
  call_started_at: number;
  call_ended_at: number | null;
  call_op_name: string;
  call_trace_id: string;
  display_fields: string;
  added_by: string | null;
  annotation_state: AnnotationState;
  annotator_user_id: string | null;
  created_at: number;
  created_by: string;
  updated_at: number;
  deleted_at: number | null;
};

/** `queueId` is the queue's public id (rows hold the queue's row id). */
export function toApiItem(row: ItemRow, queueId: string, position: number | null = null): AnnotationQueueItem {
  return {
    id: row.id,
    project_id: row.project_id,
    queue_id: queueId,
    call_id: row.call_id,
    call_started_at: toIso(row.call_started_at),
    call_ended_at: toIsoOrNull(row.call_ended_at),
    call_op_name: row.call_op_name,
    call_trace_id: row.call_trace_id,
    display_fields: JSON.parse(row.display_fields) as string[],
    added_by: row.added_by,
    annotation_state: row.annotation_state,
    // Upstream sends "" when nobody has written progress yet (tests/trace/test_client_annotation_queues.py).
    annotator_user_id: row.annotator_user_id ?? "",
    created_at: toIso(row.created_at),
    created_by: row.created_by,
    updated_at: toIso(row.updated_at),
    deleted_at: toIsoOrNull(row.deleted_at),
    position_in_queue: position,
  };
}

export type CallRow = {
  project_id: string;
  id: string;
  op_name: string;
  display_name: string | null;
  trace_id: string;
  parent_id: string | null;
  started_at: number;
  ended_at: number | null;
  inputs: string;
  output: string | null;
  exception: string | null;
  attributes: string;
  summary: string;
  wb_user_id: string | null;
  thread_id: string | null;
  turn_id: string | null;
  wb_run_id: string | null;
  wb_run_step: number | null;
};

/**
 * The call's summary with `weave.status` and `weave.latency_ms` as upstream derives them on read
 * (error when there is an exception, running until it ends), where the stored summary lacks them.
 */
export function withWeaveSummary(
  summary: Record<string, unknown>,
  row: Pick<CallRow, "started_at" | "ended_at" | "exception">,
): Record<string, unknown> {
  const weave =
    typeof summary.weave === "object" && summary.weave !== null ? (summary.weave as Record<string, unknown>) : {};
  const status = row.exception !== null ? "error" : row.ended_at === null ? "running" : "success";
  const latency = row.ended_at === null ? null : row.ended_at - row.started_at;
  return { ...summary, weave: { status, latency_ms: latency, ...weave } };
}

/** Each field of a call as the API sends it, from the stored row's columns. */
export const CALL_FIELDS_TO_API = {
  id: (row: CallRow) => row.id,
  project_id: (row: CallRow) => row.project_id,
  op_name: (row: CallRow) => row.op_name,
  display_name: (row: CallRow) => row.display_name,
  trace_id: (row: CallRow) => row.trace_id,
  parent_id: (row: CallRow) => row.parent_id,
  started_at: (row: CallRow) => toIso(row.started_at),
  ended_at: (row: CallRow) => toIsoOrNull(row.ended_at),
  inputs: (row: CallRow) => JSON.parse(row.inputs) as Record<string, unknown>,
  output: (row: CallRow) => (row.output === null ? null : (JSON.parse(row.output) as unknown)),
  exception: (row: CallRow) => row.exception,
  attributes: (row: CallRow) => JSON.parse(row.attributes) as Record<string, unknown>,
  summary: (row: CallRow) => withWeaveSummary(JSON.parse(row.summary) as Record<string, unknown>, row),
  wb_user_id: (row: CallRow) => row.wb_user_id,
  thread_id: (row: CallRow) => row.thread_id,
  turn_id: (row: CallRow) => row.turn_id,
  wb_run_id: (row: CallRow) => row.wb_run_id,
  wb_run_step: (row: CallRow) => row.wb_run_step,
} satisfies Record<keyof CallRow, (row: CallRow) => unknown>;

export function toApiCall(row: CallRow): Call {
  return {
    id: row.id,
    project_id: row.project_id,
    op_name: row.op_name,
    display_name: row.display_name,
    trace_id: row.trace_id,
    parent_id: row.parent_id,
    started_at: CALL_FIELDS_TO_API.started_at(row),
    ended_at: CALL_FIELDS_TO_API.ended_at(row),
    inputs: CALL_FIELDS_TO_API.inputs(row),
    output: CALL_FIELDS_TO_API.output(row),
    exception: row.exception,
    attributes: CALL_FIELDS_TO_API.attributes(row),
    summary: CALL_FIELDS_TO_API.summary(row),
    wb_user_id: row.wb_user_id,
    thread_id: row.thread_id,
    turn_id: row.turn_id,
    wb_run_id: row.wb_run_id,
    wb_run_step: row.wb_run_step,
  };
}
