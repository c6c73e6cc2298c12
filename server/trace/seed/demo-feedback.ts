import type { Database } from "better-sqlite3";
import { ANNOTATION_FEEDBACK_PREFIX } from "../../../contract/trace-feedback";
import { uuid7Now } from "../ids";
import type { QueueRow } from "../rows";
import type { DemoSpecId } from "./annotation-specs";
import type { Picker } from "./prng";

const COMMENTS = [
  "Promises a refund date the policy does not give.",
  "Good: names the exact amount and when it lands.",
  "Blames the bank; should say what we will do instead.",
  "Too long: the answer is in the last sentence.",
  "Asked for the order number twice.",
  "Escalation was right, but the hand-off message is cold.",
];

/** What one annotator answers for one spec on one item, around the item's own "true" quality. */
type Answer = (quality: number, p: Picker) => unknown;

const ANSWERS: Record<DemoSpecId, Answer> = {
  // Annotators disagree by a point now and then (each gives their own rating).
  tone: (quality, p) =>
    Math.min(
      5,
      Math.max(
        1,
        quality +
          p.weighted([
            [0, 6],
            [-1, 2],
            [1, 2],
          ] as const),
      ),
    ),
  resolution: (quality, p) =>
    quality >= 4
      ? "Resolved"
      : quality === 3
        ? p.pick(["Resolved", "Partly resolved"])
        : p.pick(["Partly resolved", "Not resolved", "Made it worse"]),
  follows_policy: (quality, p) => (quality >= 3 ? p.chance(0.9) : p.chance(0.3)),
  reviewer_comment: (_quality, p) => p.pick(COMMENTS),
  escalated_correctly: (quality, p) => (quality >= 3 ? p.chance(0.85) : p.chance(0.4)),
  unsupported_claims: (quality, p) => Math.max(0, 5 - quality + p.int(-1, 1)),
  summary_accuracy: (quality, p) =>
    Math.min(
      5,
      Math.max(
        1,
        quality +
          p.weighted([
            [0, 7],
            [-1, 2],
            [1, 1],
          ] as const),
      ),
    ),
};

/** How often a spec is answered when an item is completed: ratings always, comments now and then. */
const ANSWER_RATE: Record<DemoSpecId, number> = {
  tone: 1,
  resolution: 0.95,
  follows_policy: 0.8,
  reviewer_comment: 0.1,
  escalated_correctly: 1,
  unsupported_claims: 0.95,
  summary_accuracy: 1,
};

/**
 * A second reviewer for some completed items (leads double-check a share of the work): a
 * completed record of another annotator, earlier than the item's latest one, so the item's own
 * state and writer stay as they were.
 */
export function seedSecondOpinions(
  db: Database,
  p: Picker,
  queue: QueueRow,
  annotators: readonly string[],
  share: number,
): void {
  const completed = db
    .prepare(
      `SELECT pr.item_seq, pr.annotator_user_id, pr.created_at FROM annotation_item_progress pr
       WHERE pr.queue_seq = ? AND pr.annotation_state = 'completed'
         AND NOT EXISTS (SELECT 1 FROM annotation_item_progress o WHERE o.item_seq = pr.item_seq AND o.annotator_user_id != pr.annotator_user_id)`,
    )
    .all(queue.seq) as { item_seq: number; annotator_user_id: string; created_at: number }[];
  const insert = db.prepare(
    "INSERT INTO annotation_item_progress (item_seq, annotator_user_id, queue_seq, annotation_state, created_at, updated_at) VALUES (?, ?, ?, 'completed', ?, ?)",
  );
  for (const record of completed) {
    if (!p.chance(share)) continue;
    const other = p.pick(annotators.filter((a) => a !== record.annotator_user_id));
    const at = record.created_at - p.int(1, 48) * 60 * 60 * 1000;
    insert.run(record.item_seq, other, queue.seq, at, at);
  }
}

/**
 * Feedback from the annotators who completed each item, as the review would have written it:
 * each completer's own answer to a spec that is unique among creators, one shared answer (the
 * first completer's) to the others. Values fit the specs by construction (seed.test.ts checks
 * every one against its schema).
 */
export function seedQueueFeedback(
  db: Database,
  p: Picker,
  queue: QueueRow,
  specs: Partial<Record<DemoSpecId, string>>,
  uniqueSpecs: ReadonlySet<DemoSpecId>,
): void {
  const completions = db
    .prepare(
      `SELECT pr.item_seq, pr.annotator_user_id, pr.updated_at, i.call_id
       FROM annotation_item_progress pr JOIN annotation_queue_items i ON i.seq = pr.item_seq
       WHERE pr.queue_seq = ? AND pr.annotation_state = 'completed' AND i.deleted_at IS NULL
       ORDER BY pr.item_seq, pr.updated_at`,
    )
    .all(queue.seq) as { item_seq: number; annotator_user_id: string; updated_at: number; call_id: string }[];
  const insert = db.prepare(
    `INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const quality = new Map<number, number>();
  const sharedAnswered = new Set<string>();
  for (const completion of completions) {
    if (!quality.has(completion.item_seq))
      quality.set(
        completion.item_seq,
        p.weighted([
          [5, 3],
          [4, 4],
          [3, 2],
          [2, 1],
          [1, 1],
        ] as const),
      );
    const itemQuality = quality.get(completion.item_seq)!;
    for (const [id, ref] of Object.entries(specs) as [DemoSpecId, string][]) {
      const shared = !uniqueSpecs.has(id);
      if (shared && sharedAnswered.has(`${completion.item_seq}:${id}`)) continue;
      if (!p.chance(ANSWER_RATE[id])) continue;
      if (shared) sharedAnswered.add(`${completion.item_seq}:${id}`);
      insert.run(
        uuid7Now(completion.updated_at, p.random),
        queue.project_id,
        `weave:///${queue.project_id}/call/${completion.call_id}`,
        completion.annotator_user_id,
        new Date(completion.updated_at).toISOString(),
        `${ANNOTATION_FEEDBACK_PREFIX}${id}`,
        JSON.stringify({ value: ANSWERS[id](itemQuality, p) }),
        ref,
      );
    }
  }
}
