/**
 * Annotation queues on the in-process local services, for tests across features: a queue with
 * questions, its first items, answers written straight into the store. Test code: it reaches into the local services' database.
 */
import { seedLargeQueue } from "@server/seed/trace-seed";
import type { QueueRow } from "@server/trace/rows";
import { seedAnnotationSpecs, type DemoSpecId } from "@server/trace/seed/annotation-specs";
import { createApiClients } from "@/api/clients";
import type { createLocalServer } from "./local-server";

type LocalServer = ReturnType<typeof createLocalServer>;
type Db = LocalServer["db"];

/** The demo's four questions: a rating, a choice, a yes/no and a comment. */
export const DEMO_QUESTIONS = ["tone", "resolution", "follows_policy", "reviewer_comment"] as const;

/** `names` as annotation specs of `project`, made by user-demo at `at`; their refs by name. */
export function seedQuestions<Name extends DemoSpecId>(
  db: Db,
  project: string,
  names: readonly Name[],
  at = Date.now(),
): Record<Name, string> {
  return seedAnnotationSpecs(db, project, names, at, "user-demo");
}

/** Makes `refs` the questions of the queue. */
export function setQueueQuestions(db: Db, queueId: string, refs: readonly string[]) {
  db.prepare("UPDATE annotation_queues SET scorer_refs = ? WHERE id = ?").run(JSON.stringify(refs), queueId);
}

/**
 * A large-seed queue whose questions are `questions` (specs made a day before `at`), with no
 * progress at all, and its first `first` items (by creation) to complete.
 */
export function seedFreshQueue<Name extends DemoSpecId>(
  db: Db,
  options: { project: string; items: number; name: string; questions: readonly Name[]; at: number; first: number },
) {
  const { project, questions, at } = options;
  const queueId = seedLargeQueue(db, { projectId: project, items: options.items, name: options.name });
  const specs = seedQuestions(db, project, questions, at - 86_400_000);
  setQueueQuestions(
    db,
    queueId,
    questions.map((name) => specs[name]),
  );
  const queue = db.prepare("SELECT * FROM annotation_queues WHERE id = ?").get(queueId) as QueueRow;
  db.prepare("DELETE FROM annotation_item_progress WHERE queue_seq = ?").run(queue.seq);
  db.prepare(
    "UPDATE annotation_queue_items SET annotation_state = 'unstarted', annotator_user_id = '' WHERE queue_seq = ?",
  ).run(queue.seq);
  const items = db
    .prepare(
      "SELECT id, call_id FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL ORDER BY created_at, id LIMIT ?",
    )
    .all(queue.seq, options.first) as { id: string; call_id: string }[];
  return { queueId, queue, specs, items };
}

/** Writes answers straight into the store: one question's answer by `user` on a call, at `at`. */
export function answerWriter(db: Db, project: string) {
  const insert = db.prepare(
    "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  return (answer: {
    id: string;
    callId: string;
    user: string;
    at: number;
    question: string;
    value: unknown;
    ref: string;
  }) =>
    insert.run(
      answer.id,
      project,
      `weave:///${project}/call/${answer.callId}`,
      answer.user,
      new Date(answer.at).toISOString(),
      `wandb.annotation.${answer.question}`,
      JSON.stringify({ value: answer.value }),
      answer.ref,
    );
}

/** The queue's first item, as the trace service lists it. */
export async function firstItem(server: LocalServer, project: string, queueId: string) {
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const [item] = (await clients.trace.queryItems(queueId, { project_id: project, limit: 1 })).items;
  return item!;
}
