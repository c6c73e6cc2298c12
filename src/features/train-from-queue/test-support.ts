/**
 * A queue with annotations on the in-process local services, for this feature's tests: 24 items
 * over the large-queue seed's calls (`inputs.question`, `output.answer`: not chat-shaped, so the
 * paths matter; six questions, so grouping by input gives groups), the first 12 completed with
 * two annotators' Tone ratings. Test code: it reaches into the local services.
 */
import { seedLargeQueue } from "@server/seed/trace-seed";
import { setProgress } from "@server/trace/progress";
import type { QueueRow } from "@server/trace/rows";
import { seedAnnotationSpecs } from "@server/trace/seed/annotation-specs";
import type { createLocalServer } from "@/test/local-server";

export const TEST_PROJECT = "demo/support-bot";
const AT = Date.parse("2026-11-20T10:00:00Z");

export function seedRatedQueue(server: ReturnType<typeof createLocalServer>) {
  const { db } = server;
  const queueId = seedLargeQueue(db, { projectId: TEST_PROJECT, items: 24, name: "Refund answers" });
  const specs = seedAnnotationSpecs(db, TEST_PROJECT, ["tone", "reviewer_comment"], AT - 86_400_000, "user-demo");
  db.prepare("UPDATE annotation_queues SET scorer_refs = ? WHERE id = ?").run(
    JSON.stringify([specs.tone, specs.reviewer_comment]),
    queueId,
  );
  const queue = db.prepare("SELECT * FROM annotation_queues WHERE id = ?").get(queueId) as QueueRow;
  db.prepare("DELETE FROM annotation_item_progress WHERE queue_seq = ?").run(queue.seq);
  db.prepare(
    "UPDATE annotation_queue_items SET annotation_state = 'unstarted', annotator_user_id = '' WHERE queue_seq = ?",
  ).run(queue.seq);
  const items = db
    .prepare(
      "SELECT id, call_id FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL ORDER BY created_at, id LIMIT 12",
    )
    .all(queue.seq) as { id: string; call_id: string }[];
  const insert = db.prepare(
    "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  items.forEach((item, index) => {
    const ref = `weave:///${TEST_PROJECT}/call/${item.call_id}`;
    setProgress(db, queue, item.id, "user-maria", "completed", AT + index * 60_000);
    insert.run(
      `fb-m-${index}`,
      TEST_PROJECT,
      ref,
      "user-maria",
      new Date(AT + index * 60_000).toISOString(),
      "wandb.annotation.tone",
      JSON.stringify({ value: (index % 5) + 1 }),
      specs.tone,
    );
    insert.run(
      `fb-k-${index}`,
      TEST_PROJECT,
      ref,
      "user-kenji",
      new Date(AT + index * 60_000 + 1000).toISOString(),
      "wandb.annotation.tone",
      JSON.stringify({ value: ((index * 3) % 5) + 1 }),
      specs.tone,
    );
  });
  return { queueId, refs: [specs.tone, specs.reviewer_comment] };
}
