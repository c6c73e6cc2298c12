import type { Database } from "better-sqlite3";
import type { SettableState } from "../../../contract/trace";
import { insertCalls, type NewCall } from "../calls";
import { insertItems, softDeleteItems, type NewItem } from "../items";
import { setProgress } from "../progress";
import { createQueue } from "../queues";
import type { QueueRow } from "../rows";
import { uuid7Now } from "../ids";
import { makeCall, opRefs, OPS, type CallKind, type Topic } from "./demo-calls";
import { historyOpVersions, seedCallHistory } from "./demo-call-history";
import { opRefOf, seedOpObjects, type OpVersion } from "./op-objects";
import { withIndexesRebuiltAfter } from "./rebuilt-indexes";
import { DISPLAY_FIELDS_BY_KIND, presentDisplayFields } from "./display-fields";
import { seedAnnotationSpecs } from "./annotation-specs";
import { seedQueueFeedback, seedSecondOpinions } from "./demo-feedback";
import { seedClaimRecords, seedTeamSettings } from "./demo-claims";
import { seedDemoJudge } from "./demo-judges";
import { picker, seededRandom, type Picker } from "./prng";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The hallucination audit reads the answer beside the articles it was grounded in. */
const AUDIT_FIELDS = ["inputs.question", "inputs.retrieved_docs", "output.answer"] as const;

export const DEMO_PROJECT = "demo/support-bot";
export const ACME_PROJECT = "acme/claims";
export const ANNOTATORS = ["user-demo", "user-maria", "user-kenji"] as const;
const ADDERS = [
  ["user-demo", 4],
  ["user-maria", 3],
  ["user-kenji", 2],
  ["user-priya", 1],
] as const;

/** Calls of demo/support-bot beyond those in queues (demo-call-history.ts). */
const HISTORY_CALLS = 3_000;

const SUMMARIZE_CLAIM: OpVersion = {
  name: "summarize_claim",
  source: "def summarize_claim(claim):\n    return llm(CLAIM_PROMPT, claim)\n",
};

/** The ops of the queued calls; the answer op's first version (answer_v1) before its second. */
function queuedOpVersions(now: number): (OpVersion & { createdAt: number })[] {
  return (Object.keys(OPS) as CallKind[]).map((kind) => ({
    ...OPS[kind],
    createdAt: now - (kind === "answer" ? 30 : 31) * DAY,
  }));
}

type QueueSpec = {
  name: string;
  description: string;
  scorers: string[];
  createdDaysAgo: number;
  createdBy: string;
  items: number;
  kinds: readonly (readonly [CallKind, number])[];
  topic: Topic;
  /** Display fields per kind of call, where the queue wants others than DISPLAY_FIELDS_BY_KIND. */
  displayFields?: Partial<Record<CallKind, readonly string[]>>;
  /** Share of items annotated at all (earlier items more often). */
  annotated: number;
};

/**
 * The demo data of the annotation queue service: project demo/support-bot with four queues (10,000,
 * 400, 60 and 0 items) and acme/claims with one small queue. Deterministic for a given `now`.
 * Does nothing when demo/support-bot already has queues.
 */
export function seedDemoQueues(db: Database, now: number): void {
  const existing = db.prepare("SELECT 1 FROM annotation_queues WHERE project_id = ? LIMIT 1").get(DEMO_PROJECT);
  if (existing) return;
  const p = picker(seededRandom(20_261_120));
  const refs = opRefs(DEMO_PROJECT, p);

  // The calls indexes (calls query) are built once after the load: faster than 13,000 scattered inserts into each.
  db.transaction(() =>
    withIndexesRebuiltAfter(db, ["trace_calls"], () => {
      const specs = seedAnnotationSpecs(
        db,
        DEMO_PROJECT,
        ["tone", "resolution", "follows_policy", "reviewer_comment", "escalated_correctly", "unsupported_claims"],
        now - 30 * DAY,
        "user-demo",
      );
      const tone = seedQueue(db, p, now, DEMO_PROJECT, refs, {
        name: "Refund conversations – tone review",
        description:
          "Rate the tone of the bot's answers to refund questions: empathetic, specific about timelines, never blaming couriers or banks.",
        scorers: [specs.tone, specs.resolution, specs.follows_policy, specs.reviewer_comment],
        createdDaysAgo: 28,
        createdBy: "user-demo",
        items: 10_000,
        kinds: [
          ["answer", 55],
          ["answer_v1", 25],
          ["classify", 10],
          ["search", 10],
        ],
        topic: "refund",
        annotated: 0.45,
      });
      const escalations = seedQueue(db, p, now, DEMO_PROJECT, refs, {
        name: "Escalations – policy check",
        description:
          "Did the bot escalate when the escalation matrix says it must (chargebacks, legal questions, third contacts), and only then?",
        scorers: [specs.escalated_correctly, specs.reviewer_comment],
        createdDaysAgo: 12,
        createdBy: "user-maria",
        items: 400,
        kinds: [
          ["escalate", 50],
          ["policy_check", 30],
          ["answer", 20],
        ],
        topic: "policy",
        annotated: 0.6,
      });
      const audit = seedQueue(db, p, now, DEMO_PROJECT, refs, {
        name: "Hallucination audit",
        description:
          "Check every claim in the answer against the retrieved help-centre articles. Mark unsupported claims.",
        scorers: [specs.unsupported_claims, specs.reviewer_comment],
        createdDaysAgo: 4,
        createdBy: "user-kenji",
        items: 50,
        kinds: [
          ["answer", 70],
          ["summarize", 30],
        ],
        topic: "fact",
        displayFields: { answer: AUDIT_FIELDS },
        annotated: 0.5,
      });
      // The same call can sit in several queues: ten refund answers are audited too.
      const shared = db
        .prepare(
          "SELECT call_id FROM annotation_queue_items WHERE queue_seq = ? AND call_op_name = ? ORDER BY seq LIMIT 10",
        )
        .pluck()
        .all(tone.seq, refs.answer) as string[];
      addExistingCalls(db, p, audit, shared, now - 2 * DAY, AUDIT_FIELDS);
      createQueue(db, {
        id: uuid7Now(now - DAY, p.random),
        projectId: DEMO_PROJECT,
        name: "Onboarding flow – first impressions",
        description: "New queue: calls from the onboarding assistant will be added next week.",
        scorerRefs: [],
        createdBy: "user-demo",
        now: now - DAY,
      });

      const acmeSpecs = seedAnnotationSpecs(db, ACME_PROJECT, ["summary_accuracy"], now - 30 * DAY, "user-acme");
      const acmeRefs = opRefs(ACME_PROJECT, p);
      p.base64url(43); // the draw the claim op's digest once took: the data after it stays as it was
      acmeRefs.summarize = opRefOf(ACME_PROJECT, SUMMARIZE_CLAIM);
      const claims = seedQueue(db, p, now, ACME_PROJECT, acmeRefs, {
        name: "Claim summaries – accuracy spot check",
        description: "Compare each claim summary with the claim file.",
        scorers: [acmeSpecs.summary_accuracy],
        createdDaysAgo: 6,
        createdBy: "user-acme",
        items: 25,
        kinds: [["summarize", 1]],
        topic: "fact",
        annotated: 0.4,
      });

      // Answers to the specs, from a stream of its own so the queues above stay as they were.
      const f = picker(seededRandom(20_261_124));
      const unique = new Set(["tone", "summary_accuracy"] as const);
      seedSecondOpinions(db, f, tone, ANNOTATORS, 0.15);
      seedSecondOpinions(db, f, claims, ANNOTATORS, 0.3);
      seedQueueFeedback(
        db,
        f,
        tone,
        {
          tone: specs.tone,
          resolution: specs.resolution,
          follows_policy: specs.follows_policy,
          reviewer_comment: specs.reviewer_comment,
        },
        unique,
      );
      seedQueueFeedback(
        db,
        f,
        escalations,
        { escalated_correctly: specs.escalated_correctly, reviewer_comment: specs.reviewer_comment },
        unique,
      );
      seedQueueFeedback(
        db,
        f,
        audit,
        { unsupported_claims: specs.unsupported_claims, reviewer_comment: specs.reviewer_comment },
        unique,
      );
      seedQueueFeedback(db, f, claims, { summary_accuracy: acmeSpecs.summary_accuracy }, unique);
      // Who holds an item since when (work mode's claim records), from a stream of their own as well.
      seedClaimRecords(db, picker(seededRandom(20_261_126)), [tone, escalations, audit, claims]);
      // One team queue: two answers per item, each annotator's own and hidden from the others until given.
      seedTeamSettings(
        db,
        audit,
        { claim_timeout_minutes: 30, answers_per_item: 2, blind_review: true },
        "user-kenji",
        now - 3 * DAY,
      );

      // A judge of the escalations to run (no verdicts: they come from running it).
      seedDemoJudge(db, {
        projectId: DEMO_PROJECT,
        queueId: escalations.id,
        specRef: specs.escalated_correctly,
        creator: "user-maria",
        now: now - 2 * DAY,
      });

      // The Calls page's traffic beyond the queued calls, from a stream of its own; then an op object
      // for every op version the calls name, so their op refs resolve and the op filter can list them.
      seedCallHistory(db, picker(seededRandom(20_261_125)), DEMO_PROJECT, now, HISTORY_CALLS);
      seedOpObjects(db, DEMO_PROJECT, [...queuedOpVersions(now), ...historyOpVersions(now)], "user-demo");
      seedOpObjects(db, ACME_PROJECT, [{ ...SUMMARIZE_CLAIM, createdAt: now - 30 * DAY }], "user-acme");
    }),
  )();
}

function seedQueue(
  db: Database,
  p: Picker,
  now: number,
  projectId: string,
  refs: Record<CallKind, string>,
  spec: QueueSpec,
): QueueRow {
  const createdAt = now - spec.createdDaysAgo * DAY;
  const queue = createQueue(db, {
    id: uuid7Now(createdAt, p.random),
    projectId,
    name: spec.name,
    description: spec.description,
    scorerRefs: spec.scorers,
    createdBy: spec.createdBy,
    now: createdAt,
  });
  if (spec.items === 0) return queue;

  // Items arrive in batches (someone selects calls in the traces table and adds them).
  const calls: NewCall[] = [];
  const items: NewItem[] = [];
  const span = now - HOUR - createdAt;
  // One in a hundred items was removed from the queue again (they must never show up): seed them on
  // top, so the queue still shows `spec.items` items.
  const removed = Math.ceil(spec.items / 100);
  const total = spec.items + removed;
  let added = 0;
  while (added < total) {
    const size = Math.min(
      total - added,
      p.int(Math.max(1, Math.floor(total / 60)), Math.max(2, Math.floor(total / 12))),
    );
    const at = createdAt + Math.floor(span * ((added + size / 2) / total)) + p.int(0, 59) * MINUTE;
    const adder = p.weighted(ADDERS);
    for (let i = 0; i < size; i++) {
      const kind = p.weighted(spec.kinds);
      const call = makeCall(p, {
        projectId,
        kind,
        opRef: refs[kind],
        startedAt: at - p.int(5 * MINUTE, 5 * DAY),
        topic: spec.topic,
        user: "user-demo",
      });
      calls.push(call);
      items.push(
        itemFor(
          queue,
          call,
          at,
          adder,
          presentDisplayFields(spec.displayFields?.[kind] ?? DISPLAY_FIELDS_BY_KIND[kind], call),
        ),
      );
    }
    added += size;
  }
  insertCalls(db, calls);
  insertItems(db, items, { now, random: p.random });
  annotate(db, p, queue, now, spec.annotated);
  const ids = db
    .prepare("SELECT id FROM annotation_queue_items WHERE queue_seq = ? ORDER BY seq")
    .pluck()
    .all(queue.seq) as string[];
  const doomed = new Set<string>();
  while (doomed.size < removed) doomed.add(p.pick(ids));
  softDeleteItems(db, queue.seq, [...doomed], now - 3 * HOUR);
  return queue;
}

function itemFor(
  queue: QueueRow,
  call: Omit<NewCall, "inputs" | "output">,
  at: number,
  adder: string,
  displayFields: string[],
): NewItem {
  return {
    queue_seq: queue.seq,
    project_id: queue.project_id,
    call_id: call.id,
    call_started_at: call.started_at,
    call_ended_at: call.ended_at ?? null,
    call_op_name: call.op_name,
    call_trace_id: call.trace_id,
    display_fields: displayFields,
    added_by: adder,
    created_at: at,
    created_by: adder,
    updated_at: at,
  };
}

function addExistingCalls(
  db: Database,
  p: Picker,
  queue: QueueRow,
  callIds: string[],
  at: number,
  displayFields: readonly string[],
): void {
  const read = db.prepare(
    "SELECT id, started_at, ended_at, op_name, trace_id, output, exception FROM trace_calls WHERE project_id = ? AND id = ?",
  );
  const items = callIds.map((id) => {
    const call = read.get(queue.project_id, id) as {
      id: string;
      started_at: number;
      ended_at: number | null;
      op_name: string;
      trace_id: string;
      output: string | null;
      exception: string | null;
    };
    const present = presentDisplayFields(displayFields, {
      output: call.output === null ? null : JSON.parse(call.output),
      exception: call.exception,
    });
    return itemFor(queue, { ...call, project_id: queue.project_id }, at, "user-kenji", present);
  });
  insertItems(db, items, { now: at, random: p.random });
}

type Step = { annotator: string; state: SettableState };

/** Progress histories through the real rules (setProgress), by several annotators, in every state. */
function annotate(db: Database, p: Picker, queue: QueueRow, now: number, share: number): void {
  const rows = db
    .prepare("SELECT id, created_at FROM annotation_queue_items WHERE queue_seq = ? ORDER BY seq")
    .all(queue.seq) as { id: string; created_at: number }[];
  rows.forEach((row, index) => {
    // Annotators work roughly front to back: early items are more often done.
    const likelihood = Math.min(0.95, share * 2 * (1 - index / rows.length));
    if (!p.chance(likelihood)) return;
    const first = p.pick(ANNOTATORS);
    const second = p.pick(ANNOTATORS.filter((a) => a !== first));
    const steps: Step[] = p.weighted<Step[]>([
      [[{ annotator: first, state: "in_progress" }], 12],
      [
        [
          { annotator: first, state: "in_progress" },
          { annotator: first, state: "completed" },
        ],
        30,
      ],
      [[{ annotator: first, state: "completed" }], 25],
      [[{ annotator: first, state: "skipped" }], 10],
      [
        [
          { annotator: first, state: "completed" },
          { annotator: second, state: "in_progress" },
        ],
        8,
      ],
      [
        [
          { annotator: first, state: "skipped" },
          { annotator: second, state: "completed" },
        ],
        8,
      ],
      [
        [
          { annotator: first, state: "in_progress" },
          { annotator: second, state: "skipped" },
        ],
        7,
      ],
    ]);
    let at = row.created_at;
    for (const step of steps) {
      at = Math.min(now - MINUTE, at + p.int(2 * MINUTE, Math.max(3 * MINUTE, Math.floor((now - at) / 3))));
      setProgress(db, queue, row.id, step.annotator, step.state, at);
    }
  });
}
