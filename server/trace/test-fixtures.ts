import type { Database } from "better-sqlite3";
import type { AnnotationState } from "../../contract/trace";
import { insertCalls, type NewCall } from "./calls";
import { randomHex, uuid7Now } from "./ids";
import { insertItems, softDeleteItems, type NewItem } from "./items";
import { createQueue } from "./queues";
import type { QueueRow } from "./rows";
import { picker, seededRandom } from "./seed/prng";

// Small queues for tests, built to stress the query plan: few distinct timestamps and operation
// names (long runs of ties), every state, several adders (one of them '' and one unknown/null),
// and some deleted items.

export const PROJECT = "demo/support-bot";
export const T0 = Date.parse("2026-11-01T08:00:00.000Z");
export const OPS = [
  `weave:///${PROJECT}/op/classify_intent:aaaa`,
  `weave:///${PROJECT}/op/retriever.search:bbbb`,
  `weave:///${PROJECT}/op/support_agent.answer:cccc`,
];
export const ADDERS = ["user-demo", "user-maria", "user-kenji", "", null] as const;
const STATES: AnnotationState[] = ["unstarted", "in_progress", "completed", "skipped"];

/** Calls of the project, `n` of them, with the given operation names (cycled). */
export function makeCalls(
  db: Database,
  n: number,
  options: { projectId?: string; seed?: number; ops?: readonly string[] } = {},
): NewCall[] {
  const p = picker(seededRandom(options.seed ?? 1));
  const ops = options.ops ?? OPS;
  const calls: NewCall[] = Array.from({ length: n }, (_, i) => {
    const startedAt = T0 + p.int(0, 40) * 60_000;
    return {
      project_id: options.projectId ?? PROJECT,
      id: uuid7Now(startedAt, p.random),
      op_name: ops[i % ops.length] as string,
      trace_id: randomHex(32, p.random),
      started_at: startedAt,
      ended_at: i % 7 === 0 ? null : startedAt + p.int(100, 9000),
      inputs: { question: `question ${i}`, nested: { docs: [{ id: `kb-${i}` }] } },
      output: i % 7 === 0 ? null : { answer: `answer ${i}` },
      exception: i % 11 === 0 ? "TimeoutError: retriever.search did not answer within 10.0 s" : null,
    };
  });
  insertCalls(db, calls);
  return calls;
}

/**
 * A queue of `n` live items (plus `deleted` deleted ones) over new calls. States and annotators are
 * written straight to the item rows: query tests need the stored result, not the progress history.
 */
export function makeQueue(
  db: Database,
  options: { n: number; deleted?: number; seed?: number; name?: string },
): QueueRow {
  const p = picker(seededRandom(options.seed ?? 7));
  const total = options.n + (options.deleted ?? 0);
  const queue = createQueue(db, {
    projectId: PROJECT,
    name: options.name ?? "Fixture queue",
    description: "",
    scorerRefs: [],
    createdBy: "user-demo",
    now: T0,
  });
  const calls = makeCalls(db, total, { seed: (options.seed ?? 7) + 1000 });
  const items: NewItem[] = calls.map((call) => {
    const createdAt = T0 + p.int(0, 12) * 1000;
    const state = p.pick(STATES);
    const adder = p.pick(ADDERS);
    return {
      queue_seq: queue.seq,
      project_id: PROJECT,
      call_id: call.id,
      call_started_at: call.started_at,
      call_ended_at: call.ended_at ?? null,
      call_op_name: call.op_name,
      call_trace_id: p.chance(0.1) ? (calls[0] as NewCall).trace_id : call.trace_id,
      display_fields: ["inputs.question", "output.answer"],
      added_by: adder,
      created_at: createdAt,
      created_by: adder ?? "user-demo",
      updated_at: state === "unstarted" ? createdAt : createdAt + p.int(0, 6) * 1000,
      annotation_state: state,
      annotator_user_id: state === "unstarted" ? null : p.pick(["user-demo", "user-maria"]),
    };
  });
  db.transaction(() => insertItems(db, items, { now: T0, random: p.random }))();
  if (options.deleted) {
    const ids = db
      .prepare("SELECT id FROM annotation_queue_items WHERE queue_seq = ? ORDER BY seq")
      .pluck()
      .all(queue.seq) as string[];
    softDeleteItems(
      db,
      queue.seq,
      ids.filter((_, i) => i % Math.ceil(total / options.deleted!) === 0).slice(0, options.deleted),
      T0 + 99_000,
    );
  }
  return queue;
}
