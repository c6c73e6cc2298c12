import type { Database } from "better-sqlite3";
import { buildLargeQueue, type LargeQueueOptions } from "../trace/seed/large-queue";
import { seedDemoQueues } from "../trace/seed/demo-seed";

/**
 * Demo data of the annotation queue (trace) service: demo/support-bot with queues of 10,000, 400,
 * 60 and 0 items over realistic support-bot calls, progress by several annotators in every state,
 * and acme/claims with one small queue. Deterministic for a given `now`; skipped when present.
 */
export function seedTraceDemo(db: Database, now: Date = new Date()): void {
  seedDemoQueues(db, now.getTime());
}

/** A queue of `items` items (up to a million or more) with their calls, for benchmarks. Returns its id. */
export function seedLargeQueue(db: Database, options: LargeQueueOptions): string {
  return buildLargeQueue(db, options);
}

/** Deletes every row of the trace service's tables (users stay). */
export function resetTraceData(db: Database): void {
  db.transaction(() => {
    for (const table of [
      "annotation_item_progress",
      "annotation_queue_items",
      "annotation_queue_item_counts",
      "annotation_queue_item_time_counts",
      "annotation_queue_item_op_time_counts",
      "annotation_queues",
      "trace_calls",
      "trace_call_counts",
      "trace_call_pending_writes",
      "trace_objects",
      "trace_feedback",
    ]) {
      db.prepare(`DELETE FROM ${table}`).run();
    }
  })();
}
