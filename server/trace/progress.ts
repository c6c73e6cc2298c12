import type { Database } from "better-sqlite3";
import type { SettableState } from "../../contract/trace";
import { writeTransaction } from "../db/write-transaction";
import { ServiceError } from "../http/errors";
import { findItem } from "./items";
import type { ItemRow, QueueRow } from "./rows";
import { cached } from "../db/statements";

type ProgressRecord = { annotation_state: SettableState };

/**
 * Records the caller's progress on an item and returns the item as it now is. The rules apply to
 * the caller's own record (docs/contract-decisions.md#progress): no record -> any settable state; the same state
 * again is a no-op; `in_progress` -> `completed | skipped`; anything else (leaving
 * `completed`/`skipped`) is a 400.
 *
 * The item's derived state is that of the most recent writer, so every accepted change also
 * writes the item row's cached state and annotator in the same immediate transaction: concurrent
 * writers are serialised and each answer describes the item right after its own write. The item's
 * `updated_at` is not touched: upstream writes only the progress record, so `updated_at` means
 * "the item record changed" (annotation_queues_query_builder.py, make_annotator_progress_update_query).
 */
export function setProgress(
  db: Database,
  queue: QueueRow,
  itemId: string,
  annotatorId: string,
  state: SettableState,
  now: number = Date.now(),
): ItemRow {
  return writeTransaction(db, () => {
    const item = findItem(db, queue.seq, itemId);
    if (!item) throw new ServiceError(404, `Item '${itemId}' not found in queue '${queue.id}'.`, "not_found");
    const record = cached(
      db,
      "SELECT annotation_state FROM annotation_item_progress WHERE item_seq = ? AND annotator_user_id = ?",
    ).get(item.seq, annotatorId) as ProgressRecord | undefined;

    if (record?.annotation_state === state) return item;
    if (record && !(record.annotation_state === "in_progress" && state !== "in_progress")) {
      throw new ServiceError(
        400,
        `Invalid state transition from '${record.annotation_state}' to '${state}' for item '${itemId}': ` +
          `your annotation is already ${record.annotation_state}, which is final. Only in_progress may move on to completed or skipped.`,
        "invalid_transition",
      );
    }

    if (record) {
      cached(
        db,
        "UPDATE annotation_item_progress SET annotation_state = ?, updated_at = ? WHERE item_seq = ? AND annotator_user_id = ?",
      ).run(state, now, item.seq, annotatorId);
    } else {
      insertProgressRecord(db, { itemSeq: item.seq, queueSeq: queue.seq, annotatorId, state, at: now });
    }
    cached(db, "UPDATE annotation_queue_items SET annotation_state = ?, annotator_user_id = ? WHERE seq = ?").run(
      state,
      annotatorId,
      item.seq,
    );
    return findItem(db, queue.seq, itemId) as ItemRow;
  });
}

/**
 * Stores one progress record as is. Bulk seeding uses it; the caller then keeps the item's derived
 * state equal to its latest record (setProgress does both for requests).
 */
export function insertProgressRecord(
  db: Database,
  record: {
    itemSeq: number;
    queueSeq: number;
    annotatorId: string;
    state: SettableState;
    at: number;
    createdAt?: number;
  },
): void {
  cached(
    db,
    `INSERT INTO annotation_item_progress (item_seq, annotator_user_id, queue_seq, annotation_state, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(record.itemSeq, record.annotatorId, record.queueSeq, record.state, record.createdAt ?? record.at, record.at);
}
