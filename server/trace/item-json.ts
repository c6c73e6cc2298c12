import type { ItemsPage } from "./items-query";
import { toIso, type ItemRow } from "./rows";

// The items query's answer written straight from the stored rows as JSON text, the same bytes as
// JSON.stringify({ items: rows.map(toApiItem) }) without building an API object per row first: a
// page of 250 items is the largest answer the items table asks for, and it is asked for on every
// scroll. Rows come from our own table, so nothing is validated on the way out. Every string
// column goes through JSON.stringify (operation names and adders are user text); display_fields
// is stored as JSON.stringify's own text of a string array (items.ts insertItems), so it is
// copied as it is.

const str = JSON.stringify as (value: string) => string;
const strOrNull = (value: string | null): string => (value === null ? "null" : str(value));
const isoOrNull = (ms: number | null): string => (ms === null ? "null" : `"${toIso(ms)}"`);

/** One item as the API's JSON object, fields in toApiItem's order. */
function itemJson(row: ItemRow, queueJson: string, position: number | null): string {
  return (
    `{"id":${str(row.id)},"project_id":${str(row.project_id)},"queue_id":${queueJson}` +
    `,"call_id":${str(row.call_id)},"call_started_at":"${toIso(row.call_started_at)}"` +
    `,"call_ended_at":${isoOrNull(row.call_ended_at)},"call_op_name":${str(row.call_op_name)}` +
    `,"call_trace_id":${str(row.call_trace_id)},"display_fields":${row.display_fields}` +
    `,"added_by":${strOrNull(row.added_by)},"annotation_state":${str(row.annotation_state)}` +
    // Upstream sends "" when nobody has written progress yet (rows.ts toApiItem).
    `,"annotator_user_id":${str(row.annotator_user_id ?? "")}` +
    `,"created_at":"${toIso(row.created_at)}","created_by":${str(row.created_by)}` +
    `,"updated_at":"${toIso(row.updated_at)}","deleted_at":${isoOrNull(row.deleted_at)}` +
    `,"position_in_queue":${position === null ? "null" : String(position)}}`
  );
}

/** The body of an items query answer, `{"items":[...]}`, for a page of the queue `queueId`. */
export function itemsAnswerJson(page: ItemsPage, queueId: string): string {
  const queueJson = str(queueId);
  const items = page.rows.map((row, i) => itemJson(row, queueJson, page.positions[i] ?? null));
  return `{"items":[${items.join(",")}]}`;
}
