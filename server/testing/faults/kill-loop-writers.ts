import type { AnnotationQueueItem } from "../../../contract/trace";
import { QUALITY_PROJECT, TRACE, TRAINING, trajectoryGroup } from "../quality/fixtures";
import type { HttpAnswer, HttpClient } from "../quality/http-client";
import type { WriteLedger } from "./write-ledger";

/** What the writers write to: made once, before the first kill. */
export type KillLoopTargets = {
  queueId: string;
  itemIds: string[];
  /** A second queue that calls are added to one at a time (a queue edit). */
  growingQueueId: string;
  callIds: string[];
  specName: string;
  specRef: string;
  modelId: string;
};

/** Hands out each element once, to whichever writer asks next, across rounds. */
export class Cursor<T> {
  private next = 0;
  constructor(private readonly all: readonly T[]) {}
  take(): T | undefined {
    return this.all[this.next++];
  }
}

type Send = () => Promise<HttpAnswer>;
/** What a writer does with an answer; false ends the writer (nothing left to write). */
type Outcome = (answer: HttpAnswer) => void;

/**
 * Writes until the server stops answering (it was killed) or `send` has nothing left. A request
 * that gets no answer is counted as in flight at the crash; a refusal is a problem.
 */
async function writeUntilCrash(ledger: WriteLedger, next: () => { send: Send; onAnswer: Outcome } | undefined) {
  for (;;) {
    const write = next();
    if (!write) return;
    const answer = await write.send().catch(() => undefined);
    if (!answer) {
      ledger.unanswered += 1;
      return;
    }
    write.onAnswer(answer);
  }
}

const problem = (ledger: WriteLedger, what: string, answer: HttpAnswer) =>
  ledger.problems.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);

/**
 * The writers of one round: two answering calls, two moving items through their states, one
 * renaming the queue's description, one adding calls to the second queue, one uploading traces
 * through `/call/upsert_batch`, one queueing training jobs (at most `jobsPerRound`). They share cursors, so no write is sent twice across rounds.
 */
export function startWriters(
  api: HttpClient,
  targets: KillLoopTargets,
  ledger: WriteLedger,
  cursors: { answers: Cursor<string>; items: Cursor<string>; adds: Cursor<string> },
  jobsPerRound: number,
): Promise<void>[] {
  const answerWriter = () =>
    writeUntilCrash(ledger, () => {
      const callId = cursors.answers.take();
      if (!callId) return undefined;
      const value = 1 + ((callId.length + ledger.answers.size) % 5);
      ledger.answerSentFor.add(callId);
      return {
        send: () =>
          api.post(`${TRACE}/feedback/create`, {
            project_id: QUALITY_PROJECT,
            weave_ref: `weave:///${QUALITY_PROJECT}/call/${callId}`,
            feedback_type: `wandb.annotation.${targets.specName}`,
            annotation_ref: targets.specRef,
            payload: { value },
          }),
        onAnswer: (answer) => {
          if (answer.status !== 200) return problem(ledger, `answer on ${callId}`, answer);
          ledger.answers.set((answer.json as { id: string }).id, { callId, value });
          ledger.acks += 1;
        },
      };
    });

  // Each item goes in_progress then completed: two writes, the second only after the first's answer.
  const progressWriter = () => {
    let item: { id: string; states: ("in_progress" | "completed")[] } | undefined;
    return writeUntilCrash(ledger, () => {
      if (!item || item.states.length === 0) {
        const id = cursors.items.take();
        if (!id) return undefined;
        item = { id, states: ["in_progress", "completed"] };
      }
      const { id } = item;
      const state = item.states.shift()!;
      ledger.progress(id, state, false);
      return {
        send: () =>
          api.post(`${TRACE}/annotation_queues/${targets.queueId}/items/${id}/progress`, {
            project_id: QUALITY_PROJECT,
            annotation_state: state,
          }),
        onAnswer: (answer) => {
          const stored = (answer.json as { item?: AnnotationQueueItem }).item;
          if (answer.status !== 200 || stored?.annotation_state !== state)
            return problem(ledger, `${id} ${state}`, answer);
          ledger.progress(id, state, true);
          ledger.acks += 1;
        },
      };
    });
  };

  const descriptionWriter = () =>
    writeUntilCrash(ledger, () => {
      const edit = ++ledger.lastEditSent;
      return {
        send: () =>
          api.put(`${TRACE}/annotation_queues/${targets.queueId}`, {
            project_id: QUALITY_PROJECT,
            description: `edit ${edit}`,
          }),
        onAnswer: (answer) => {
          if (answer.status !== 200) return problem(ledger, `edit ${edit}`, answer);
          ledger.lastEditAcked = edit;
          ledger.acks += 1;
        },
      };
    });

  const addWriter = () =>
    writeUntilCrash(ledger, () => {
      const callId = cursors.adds.take();
      if (!callId) return undefined;
      ledger.addsSent.add(callId);
      return {
        send: () =>
          api.post(`${TRACE}/annotation_queues/${targets.growingQueueId}/items`, {
            project_id: QUALITY_PROJECT,
            call_ids: [callId],
          }),
        onAnswer: (answer) => {
          if (answer.status !== 200) return problem(ledger, `add ${callId}`, answer);
          ledger.addsAcked.add(callId);
          ledger.acks += 1;
        },
      };
    });

  // A trace of two calls per batch, as the weave SDKs send them; every fourth one carries an output over
  // the upload worker's threshold, so some kills land while a batch is prepared off the event loop or
  // stored in its steps.
  const batchWriter = () =>
    writeUntilCrash(ledger, () => {
      const root = nextBatchRoot(ledger, ledger.batchesSent.size % 4 === 3);
      return {
        send: () => api.post(`${TRACE}/call/upsert_batch`, { batch: traceBatch(root) }),
        onAnswer: (answer) => {
          if (answer.status !== 200) return problem(ledger, `batch ${root}`, answer);
          ledger.batchesAcked.add(root);
          ledger.acks += 1;
        },
      };
    });

  let jobsLeft = jobsPerRound;
  const jobWriter = () =>
    writeUntilCrash(ledger, () => {
      if (jobsLeft-- <= 0) return undefined;
      return {
        send: () =>
          api.post(`${TRAINING}/preview/training-jobs`, {
            model_id: targets.modelId,
            trajectory_groups: [trajectoryGroup(), trajectoryGroup()],
          }),
        onAnswer: (answer) => {
          if (answer.status !== 200) return problem(ledger, "job", answer);
          ledger.jobs.push((answer.json as { id: string }).id);
          ledger.acks += 1;
        },
      };
    });

  return [
    answerWriter(),
    answerWriter(),
    progressWriter(),
    progressWriter(),
    descriptionWriter(),
    addWriter(),
    batchWriter(),
    jobWriter(),
  ];
}

/** The op every call the batch writer sends is a call of: the read-back finds them by it. */
export const BATCH_OP = `weave:///${QUALITY_PROJECT}/op/kill-loop-batch:v0`;

/** Whether the batch of this root carries an output over the upload worker's threshold (server/upload-worker/prepare-body.ts). */
export const isLargeBatch = (root: string) => root.endsWith("-large");

const LARGE_OUTPUT_CHARS = 1_200_000;

/** The root call id of the next batch, recorded as sent. */
function nextBatchRoot(ledger: WriteLedger, large: boolean): string {
  const root = `kill-batch-${ledger.batchesSent.size}${large ? "-large" : ""}`;
  ledger.batchesSent.add(root);
  return root;
}

/**
 * Sends a large batch and waits for its answer: the upload worker is started on first use, which
 * takes longer (~1 s here) than a round's writes before its kill, so without this no batch through
 * a freshly started server's worker would ever be acknowledged.
 */
export async function warmUploadWorker(api: HttpClient, ledger: WriteLedger): Promise<void> {
  const root = nextBatchRoot(ledger, true);
  await api.ok(api.post(`${TRACE}/call/upsert_batch`, { batch: traceBatch(root) }));
  ledger.batchesAcked.add(root);
}

const endItem = (id: string, output: unknown) => ({
  mode: "end",
  req: { end: { project_id: QUALITY_PROJECT, id, ended_at: "2026-11-20T10:00:01.000Z", output, summary: {} } },
});

/** A root call and its child, each started and ended: `${root}` and `${root}-child`. */
function traceBatch(root: string) {
  const start = (id: string, parentId: string | null) => ({
    mode: "start",
    req: {
      start: {
        project_id: QUALITY_PROJECT,
        id,
        trace_id: `trace-${root}`,
        parent_id: parentId,
        op_name: BATCH_OP,
        started_at: "2026-11-20T10:00:00.000Z",
        attributes: {},
        inputs: { question: `batch ${root}` },
      },
    },
  });
  const child = `${root}-child`;
  return [
    start(root, null),
    start(child, root),
    endItem(child, { answer: "a child's answer" }),
    endItem(root, isLargeBatch(root) ? "x".repeat(LARGE_OUTPUT_CHARS) : { answer: "done" }),
  ];
}
