import type { AnnotationQueueItem } from "../../contract/trace";
import type { ItemsPage } from "./items-query";
import { isoOfMs } from "./item-iso-time";
import type { ItemRow } from "./rows";

// The items query's answer as JSON text, the same bytes as JSON.stringify({ items: rows.map(toApiItem) }),
// written once per request. A page of 250 items holds a thousand timestamps: formatting them through
// Date was most of the serialisation (isoOfMs is arithmetic). Rows come from our own table, so nothing
// is validated on the way out. Measured: plain objects through JSON.stringify are as fast as joining
// pre-escaped text per row, and leave the escaping to JSON.stringify.

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : isoOfMs(ms));

/** One item as the API sends it (rows.ts toApiItem, field for field), its times formatted by isoOfMs. */
function apiItem(row: ItemRow, queueId: string, position: number | null): AnnotationQueueItem {
  return {
    id: row.id,
    project_id: row.project_id,
    queue_id: queueId,
    call_id: row.call_id,
    call_started_at: isoOfMs(row.call_started_at),
    call_ended_at: isoOrNull(row.call_ended_at),
    call_op_name: row.call_op_name,
    call_trace_id: row.call_trace_id,
    display_fields: JSON.parse(row.display_fields) as string[],
    added_by: row.added_by,
    annotation_state: row.annotation_state,
    // Upstream sends "" when nobody has written progress yet (rows.ts toApiItem).
    annotator_user_id: row.annotator_user_id ?? "",
    created_at: isoOfMs(row.created_at),
    created_by: row.created_by,
    updated_at: isoOfMs(row.updated_at),
    deleted_at: isoOrNull(row.deleted_at),
    position_in_queue: position,
  };
}

/** The body of an items query answer, `{"items":[...]}`, for a page of the queue `queueId`. */
export function itemsAnswerJson(page: ItemsPage, queueId: string): string {
  return JSON.stringify({ items: page.rows.map((row, i) => apiItem(row, queueId, page.positions[i] ?? null)) });
}
