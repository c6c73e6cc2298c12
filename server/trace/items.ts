import type { Database } from "better-sqlite3";
import type { AnnotationState } from "../../contract/trace";
import { writeTransaction } from "../db/write-transaction";
import { ServiceError } from "../http/errors";
import { findCall } from "./calls";
import { monotonicIdGenerator, type Random } from "./ids";
import type { ItemRow, QueueRow } from "./rows";
import { cached } from "../db/statements";

/** An item to store; its id and row id are assigned on insert. Times in epoch milliseconds. */
export type NewItem = Omit<
  ItemRow,
  "seq" | "id" | "display_fields" | "annotation_state" | "annotator_user_id" | "deleted_at"
> & {
  display_fields: readonly string[];
  annotation_state?: AnnotationState;
  annotator_user_id?: string | null;
  deleted_at?: number | null;
};

const INSERT_ITEM = `
  INSERT INTO annotation_queue_items (id, queue_seq, project_id, call_id, call_started_at, call_ended_at, call_op_name,
    call_trace_id, display_fields, added_by, annotation_state, annotator_user_id, created_at, created_by, updated_at, deleted_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * Inserts items in order and returns their row ids. Must run inside a write transaction: the ids
 * continue from the newest stored one, which keeps "id order = row order" (ids.ts).
 */
export function insertItems(
  db: Database,
  items: readonly NewItem[],
  options: { now?: number; random?: Random } = {},
): number[] {
  const last = cached(db, "SELECT id FROM annotation_queue_items ORDER BY seq DESC LIMIT 1").get() as
    | { id: string }
    | undefined;
  const nextId = monotonicIdGenerator(last?.id, options.random);
  const now = options.now ?? Date.now();
  const insert = cached(db, INSERT_ITEM);
  const seqs: number[] = [];
  for (const item of items) {
    const result = insert.run(
      nextId(now),
      item.queue_seq,
      item.project_id,
      item.call_id,
      item.call_started_at,
      item.call_ended_at,
      item.call_op_name,
      item.call_trace_id,
      JSON.stringify(item.display_fields),
      item.added_by,
      item.annotation_state ?? "unstarted",
      item.annotator_user_id ?? null,
      item.created_at,
      item.created_by,
      item.updated_at,
      item.deleted_at ?? null,
    );
    seqs.push(Number(result.lastInsertRowid));
  }
  return seqs;
}

export type AddCallsResult = { added_count: number; duplicates: number };

/**
 * Adds calls of the queue's project to the queue. A call already in the queue (or listed twice)
 * counts as a duplicate and is not added again. Unknown call ids reject the whole request with a
 * 400 naming them (the real service skips them silently; naming them is clearer).
 */
export function addCallsToQueue(
  db: Database,
  queue: QueueRow,
  request: { callIds: readonly string[]; displayFields: readonly string[]; addedBy: string; now?: number },
): AddCallsResult {
  return writeTransaction(db, () => {
    const now = request.now ?? Date.now();
    const existing = cached(
      db,
      "SELECT 1 FROM annotation_queue_items WHERE queue_seq = ? AND call_id = ? AND deleted_at IS NULL",
    );
    const seen = new Set<string>();
    const unknown: string[] = [];
    const items: NewItem[] = [];
    let duplicates = 0;
    for (const callId of request.callIds) {
      if (seen.has(callId)) {
        duplicates += 1;
        continue;
      }
      seen.add(callId);
      const call = findCall(db, queue.project_id, callId);
      if (!call) {
        unknown.push(callId);
        continue;
      }
      if (existing.get(queue.seq, callId)) {
        duplicates += 1;
        continue;
      }
      items.push({
        queue_seq: queue.seq,
        project_id: queue.project_id,
        call_id: call.id,
        call_started_at: call.started_at,
        call_ended_at: call.ended_at,
        call_op_name: call.op_name,
        call_trace_id: call.trace_id,
        display_fields: request.displayFields,
        added_by: request.addedBy,
        created_at: now,
        created_by: request.addedBy,
        updated_at: now,
      });
    }
    if (unknown.length > 0) {
      const listed = unknown
        .slice(0, 10)
        .map((id) => `'${id}'`)
        .join(", ");
      const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : "";
      throw new ServiceError(
        400,
        `Unknown call ids in project '${queue.project_id}': ${listed}${more}. Nothing was added.`,
        "unknown_calls",
      );
    }
    insertItems(db, items, { now });
    return { added_count: items.length, duplicates };
  });
}

/** The live item `itemId` of the queue, if any. */
export function findItem(db: Database, queueSeq: number, itemId: string): ItemRow | undefined {
  return cached(db, "SELECT * FROM annotation_queue_items WHERE id = ? AND queue_seq = ? AND deleted_at IS NULL").get(
    itemId,
    queueSeq,
  ) as ItemRow | undefined;
}

/** Soft-deletes items (no public endpoint here; the seed data and tests use it). Returns how many. */
export function softDeleteItems(
  db: Database,
  queueSeq: number,
  itemIds: readonly string[],
  now: number = Date.now(),
): number {
  const remove = cached(
    db,
    "UPDATE annotation_queue_items SET deleted_at = ? WHERE id = ? AND queue_seq = ? AND deleted_at IS NULL",
  );
  return writeTransaction(db, () => itemIds.reduce((n, id) => n + remove.run(now, id, queueSeq).changes, 0));
}
