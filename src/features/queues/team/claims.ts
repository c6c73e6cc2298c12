import { timestampMs } from "@contract/common";
import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import type { TeamSettings } from "./team-settings";

/**
 * A claim is an annotator's `in_progress` on an item (the service's progress record, per
 * annotator; the item shows its latest writer). The service keeps no time for it that a client can
 * read, so whoever claims an item also leaves a claim record: feedback of this type on the item's
 * call, whose `created_at` says since when and `wb_user_id` by whom. It is read with the answers,
 * in the same query, so showing a claim costs no request of its own.
 */
export const CLAIM_FEEDBACK_TYPE = "wbops.claim";

export type ClaimPayload = { queue_id: string; item_id: string };

/** Who holds an item in progress, since when (null when no claim record says), and whether it is older than the queue allows. */
export type Claim = { by: string; since: number | null; stale: boolean };

export function claimPayload(queueId: string, itemId: string): ClaimPayload {
  return { queue_id: queueId, item_id: itemId };
}

/** The claim record rows of one item of one queue, among feedback rows read for its call (any types). */
export function claimRecordsOf(rows: readonly Feedback[], queueId: string, itemId: string): Feedback[] {
  return rows.filter((row) => {
    if (row.feedback_type !== CLAIM_FEEDBACK_TYPE) return false;
    const payload = row.payload as Partial<ClaimPayload>;
    return payload.queue_id === queueId && payload.item_id === itemId;
  });
}

/**
 * The item's claim, or null when nobody holds it (its latest writer did not leave it in progress).
 * Since when: the holder's latest claim record on it. A claim with no record (set by another tool)
 * has no known age and counts as stale, so an item is never held forever by a claim nobody can date.
 */
export function claimOn(
  item: Pick<AnnotationQueueItem, "id" | "queue_id" | "annotation_state" | "annotator_user_id">,
  rows: readonly Feedback[],
  settings: Pick<TeamSettings, "claimTimeoutMinutes">,
  now: number,
): Claim | null {
  const by = item.annotator_user_id || null;
  if (item.annotation_state !== "in_progress" || by === null) return null;
  let since: number | null = null;
  for (const row of claimRecordsOf(rows, item.queue_id, item.id)) {
    if (row.wb_user_id !== by) continue;
    const at = timestampMs(row.created_at);
    if (Number.isFinite(at) && (since === null || at > since)) since = at;
  }
  const stale = since === null || now - since > settings.claimTimeoutMinutes * 60_000;
  return { by, since, stale };
}
