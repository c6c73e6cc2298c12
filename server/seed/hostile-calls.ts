import type { Database } from "better-sqlite3";
import { writeTransaction } from "../db/write-transaction";
import { insertCalls, type NewCall } from "../trace/calls";
import { randomHex, uuid7Now } from "../trace/ids";
import { insertItems } from "../trace/items";
import { createQueue } from "../trace/queues";

/**
 * Queues of calls that are normal for a model to produce and hard for a page to show: a 5 MB
 * answer, 3,000 levels of nesting, 200,000 leaves, a 100 KB display-field path, and names with
 * bidirectional overrides. The end-to-end tests and the benchmark open each on the review page.
 * Written straight into the database (the service has no endpoint that creates calls, and its
 * bounds on paths must not stop the page's own test of what it does with a long one).
 */
export const HOSTILE_KINDS = ["big-string", "deep", "wide", "long-path", "bidi"] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** One queue per kind, so opening one item fetches only its own call (no neighbour is prefetched). */
export type HostileQueues = Record<HostileKind, { queueId: string; itemId: string; callId: string }>;

export const BIG_STRING_CHARS = 5_000_000;
export const DEEP_LEVELS = 3_000;
/** 50 × 80 × 50 numbers. */
export const WIDE_LEAVES = 200_000;
export const LONG_PATH = `inputs.${"a.".repeat(50_000)}b`;
export const SPOOFED_OP = "\u202Erewsna.tnega";

/** About 5 MB of an ordinary answer: sentences, paragraphs, no markup. */
function bigAnswer(): string {
  const paragraph = `${"The parcel left the warehouse on Monday and should arrive within three working days. ".repeat(10)}\n\n`;
  return paragraph.repeat(Math.ceil(BIG_STRING_CHARS / paragraph.length)).slice(0, BIG_STRING_CHARS);
}

/** `{"step": 0, "next": {"step": 1, "next": … }}`, DEEP_LEVELS deep, built without recursion. */
function deepValue(): unknown {
  let value: unknown = { step: DEEP_LEVELS, result: "found the order" };
  for (let step = DEEP_LEVELS - 1; step >= 0; step--) value = { step, next: value };
  return value;
}

const scores = (seed: number) => Array.from({ length: 50 }, (_, k) => (seed * 31 + k) % 97);
const region = (i: number) =>
  Object.fromEntries(Array.from({ length: 80 }, (_unused, j) => [`store_${j}`, scores(i * 80 + j)]));

function wideValue(): Record<string, Record<string, number[]>> {
  return Object.fromEntries(Array.from({ length: 50 }, (_unused, i) => [`region_${i}`, region(i)]));
}

type Spec = {
  kind: HostileKind;
  op: string;
  inputs: Record<string, unknown>;
  output: unknown;
  exception?: string;
  displayFields: string[];
  addedBy: string;
};

function specs(): Spec[] {
  const question = { question: "Where is my order #4417?" };
  return [
    {
      kind: "big-string",
      op: "support_agent.answer",
      inputs: question,
      output: bigAnswer(),
      displayFields: ["inputs.question", "output"],
      addedBy: "user-kenji",
    },
    {
      kind: "deep",
      op: "support_agent.plan",
      inputs: question,
      output: deepValue(),
      displayFields: ["inputs.question", "output"],
      addedBy: "user-kenji",
    },
    {
      kind: "wide",
      op: "support_agent.score_stores",
      inputs: question,
      output: wideValue(),
      displayFields: ["inputs.question", "output"],
      addedBy: "user-kenji",
    },
    {
      kind: "long-path",
      op: "support_agent.answer",
      inputs: question,
      output: { answer: "It is on its way." },
      displayFields: [LONG_PATH, "inputs.question"],
      addedBy: "user-kenji",
    },
    {
      kind: "bidi",
      op: SPOOFED_OP,
      inputs: { question: "أين طلبي؟ رقم الطلب 4417" },
      // A model's usual mix: a left-to-right line, then a paragraph in Hebrew, each aligned to its own start.
      output: { answer: "Order 4417, status update:\n\nההזמנה שלך בדרך ותגיע ביום רביעי." },
      exception: "ValueError: could not open \u202Efdp.exe",
      displayFields: ["inputs.question", "output.answer"],
      addedBy: "user-\u202Enijek",
    },
  ];
}

/** Creates one queue of one item per kind in `projectId`, named `${prefix} – ${kind}`. */
export function seedHostileQueues(
  db: Database,
  options: { projectId: string; prefix: string; now?: number },
): HostileQueues {
  const now = options.now ?? Date.now();
  // Write lock at BEGIN: the end-to-end tests seed these into the running server's file.
  return writeTransaction(db, () => {
    const made = specs().map((spec, i) => {
      const call: NewCall = {
        project_id: options.projectId,
        id: uuid7Now(now - 60_000 + i),
        op_name: `weave:///${options.projectId}/op/${spec.op}:v1`,
        trace_id: randomHex(32),
        started_at: now - 60_000 + i * 1000,
        ended_at: now - 59_000 + i * 1000,
        inputs: spec.inputs,
        output: spec.output,
        exception: spec.exception ?? null,
        summary: { usage: { "gpt-4o-mini": { requests: 1 } } },
        wb_user_id: "user-demo",
      };
      const queue = createQueue(db, {
        projectId: options.projectId,
        name: `${options.prefix} – ${spec.kind}`,
        description: "A call that is large, deep or oddly named.",
        scorerRefs: [],
        createdBy: "user-kenji",
        now: now + i,
      });
      insertCalls(db, [call]);
      const [seq] = insertItems(
        db,
        [
          {
            queue_seq: queue.seq,
            project_id: options.projectId,
            call_id: call.id,
            call_started_at: call.started_at,
            call_ended_at: call.ended_at ?? null,
            call_op_name: call.op_name,
            call_trace_id: call.trace_id,
            display_fields: spec.displayFields,
            added_by: spec.addedBy,
            created_at: now,
            created_by: spec.addedBy,
            updated_at: now,
          },
        ],
        { now },
      );
      const itemId = db.prepare("SELECT id FROM annotation_queue_items WHERE seq = ?").pluck().get(seq) as string;
      return [spec.kind, { queueId: queue.id, itemId, callId: call.id }] as const;
    });
    return Object.fromEntries(made) as HostileQueues;
  });
}
