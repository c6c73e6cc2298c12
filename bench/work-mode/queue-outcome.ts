import Database from "better-sqlite3";
import { join } from "node:path";
import { DATABASE_FILE } from "../../server/runtime";

/** What the annotators left in the queue, read back from the server's SQLite file. */
export type QueueOutcome = {
  /** Items with a `completed` record of at least one annotator. */
  itemsCompleted: number;
  /** Items completed by two annotators or more: the queue asks one answer per item. */
  collisions: number;
  /** `completed` records in all (one per item and annotator). */
  completedRecords: number;
  /**
   * Claims lost: an annotator's record left in progress on an item someone else completed (the
   * review dropped their Complete once the claim read back as the other's).
   */
  lostClaims: number;
  /** Items still in progress with nobody's completion: each annotator's last claim, at least. */
  stillInProgress: number;
  /** Items with answers (tone ratings) from two annotators or more. */
  answeredTwice: number;
  /** Completed records per annotator. */
  completedBy: Record<string, number>;
};

/**
 * Reads the queue's progress records and answers from the server's database (read-only; the
 * server keeps running): the service's API shows an item's latest writer only, not every record.
 */
export function readQueueOutcome(dataDir: string, queueId: string): QueueOutcome {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const { seq } = db.prepare("SELECT seq FROM annotation_queues WHERE id = ?").get(queueId) as { seq: number };
    const one = (sql: string) => db.prepare(sql).pluck().get(seq) as number;
    const completedBy = Object.fromEntries(
      (
        db
          .prepare(
            `SELECT annotator_user_id AS who, count(*) AS n FROM annotation_item_progress
             WHERE queue_seq = ? AND annotation_state = 'completed' GROUP BY 1 ORDER BY 1`,
          )
          .all(seq) as { who: string; n: number }[]
      ).map((row) => [row.who, row.n]),
    );
    return {
      itemsCompleted: one(
        "SELECT count(DISTINCT item_seq) FROM annotation_item_progress WHERE queue_seq = ? AND annotation_state = 'completed'",
      ),
      collisions: one(
        `SELECT count(*) FROM (SELECT item_seq FROM annotation_item_progress
         WHERE queue_seq = ? AND annotation_state = 'completed' GROUP BY item_seq HAVING count(*) > 1)`,
      ),
      completedRecords: one(
        "SELECT count(*) FROM annotation_item_progress WHERE queue_seq = ? AND annotation_state = 'completed'",
      ),
      lostClaims: one(
        `SELECT count(*) FROM annotation_item_progress p WHERE p.queue_seq = ? AND p.annotation_state = 'in_progress'
         AND EXISTS (SELECT 1 FROM annotation_item_progress o WHERE o.item_seq = p.item_seq
                     AND o.annotator_user_id != p.annotator_user_id AND o.annotation_state = 'completed')`,
      ),
      stillInProgress: one(
        `SELECT count(DISTINCT p.item_seq) FROM annotation_item_progress p WHERE p.queue_seq = ? AND p.annotation_state = 'in_progress'
         AND NOT EXISTS (SELECT 1 FROM annotation_item_progress o WHERE o.item_seq = p.item_seq AND o.annotation_state = 'completed')`,
      ),
      answeredTwice: one(
        `SELECT count(*) FROM (SELECT f.weave_ref FROM trace_feedback f
           JOIN annotation_queue_items i ON f.project_id = i.project_id AND f.weave_ref = 'weave:///' || i.project_id || '/call/' || i.call_id
         WHERE i.queue_seq = ? AND f.feedback_type = 'wandb.annotation.tone'
         GROUP BY f.weave_ref HAVING count(DISTINCT f.wb_user_id) > 1)`,
      ),
      completedBy,
    };
  } finally {
    db.close();
  }
}
