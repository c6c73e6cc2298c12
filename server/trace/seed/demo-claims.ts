import type { Database } from "better-sqlite3";
import { uuid7Now } from "../ids";
import { createObject } from "../objects/objects";
import type { QueueRow } from "../rows";
import type { Picker } from "./prng";

/**
 * The claim record the dashboard's work mode writes beside an `in_progress` (feedback of this type
 * on the item's call, src/features/queues/team/claims.ts): the service keeps no time for a
 * progress record that a client can read, so without it the review says "since ?".
 */
export const CLAIM_FEEDBACK_TYPE = "wbops.claim";

/** The Weave object holding a queue's team settings (src/features/queues/team/team-settings.ts). */
export const teamSettingsObjectId = (queueId: string) => `queue-team-settings-${queueId}`;

export type TeamSettingsValue = {
  queue_id: string;
  claim_timeout_minutes: number;
  answers_per_item: number;
  blind_review: boolean;
};

/**
 * A claim record for every `in_progress` progress record of the queues, by its annotator, dated
 * the record's time: what work mode would have left when the annotator took the item. Most are
 * older than a claim's timeout, so the demo shows stale claims, offered to others again. One
 * prepared statement for every row (the tone review alone has hundreds). Returns how many.
 */
export function seedClaimRecords(db: Database, p: Picker, queues: readonly QueueRow[]): number {
  const held = db.prepare(
    `SELECT pr.annotator_user_id, pr.updated_at, i.id AS item_id, i.call_id
     FROM annotation_item_progress pr JOIN annotation_queue_items i ON i.seq = pr.item_seq
     WHERE pr.queue_seq = ? AND pr.annotation_state = 'in_progress'
     ORDER BY pr.item_seq, pr.annotator_user_id`,
  );
  const insert = db.prepare(
    `INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  let written = 0;
  for (const queue of queues) {
    const rows = held.all(queue.seq) as {
      annotator_user_id: string;
      updated_at: number;
      item_id: string;
      call_id: string;
    }[];
    for (const row of rows) {
      insert.run(
        uuid7Now(row.updated_at, p.random),
        queue.project_id,
        `weave:///${queue.project_id}/call/${row.call_id}`,
        row.annotator_user_id,
        new Date(row.updated_at).toISOString(),
        CLAIM_FEEDBACK_TYPE,
        JSON.stringify({ queue_id: queue.id, item_id: row.item_id }),
      );
      written += 1;
    }
  }
  return written;
}

/** Stores a queue's team settings as the dashboard's settings form would (one version, by `userId` at `now`). */
export function seedTeamSettings(
  db: Database,
  queue: QueueRow,
  settings: Omit<TeamSettingsValue, "queue_id">,
  userId: string,
  now: number,
): void {
  createObject(db, {
    projectId: queue.project_id,
    objectId: teamSettingsObjectId(queue.id),
    val: { queue_id: queue.id, ...settings } satisfies TeamSettingsValue,
    builtinClass: null,
    userId,
    now,
  });
}
