import type { AnnotationQueue, AnnotationQueueItem } from "../../../contract/trace";
import { QUALITY_PROJECT, TRACE, TRAINING } from "../quality/fixtures";
import type { HttpClient } from "../quality/http-client";
import { BATCH_OP, type KillLoopTargets } from "./kill-loop-writers";
import type { WriteLedger } from "./write-ledger";

const RANK = { unstarted: 0, in_progress: 1, completed: 2, skipped: 2 } as const;

type FeedbackRow = { id: string; weave_ref: string; feedback_type: string; payload: { value?: unknown } };

/**
 * Reads everything back from a restarted server and lists what disagrees with the ledger: an
 * acknowledged write that is missing, or a write that was never sent. Empty means nothing was lost.
 */
export async function readBackDisagreements(
  api: HttpClient,
  targets: KillLoopTargets,
  ledger: WriteLedger,
): Promise<string[]> {
  const wrong: string[] = [];

  const { result } = await api.ok<{ result: FeedbackRow[] }>(
    api.post(`${TRACE}/feedback/query`, { project_id: QUALITY_PROJECT, limit: 10_000 }),
  );
  const answers = result.filter((row) => row.feedback_type === `wandb.annotation.${targets.specName}`);
  const stored = new Map(answers.map((row) => [row.id, row]));
  for (const [id, { callId, value }] of ledger.answers) {
    const row = stored.get(id);
    if (!row) wrong.push(`acknowledged answer ${id} on ${callId} is missing`);
    else if (row.payload.value !== value || !row.weave_ref.endsWith(`/call/${callId}`))
      wrong.push(`answer ${id} reads ${JSON.stringify(row.payload)} on ${row.weave_ref}, sent ${value} on ${callId}`);
  }
  for (const row of answers) {
    const callId = row.weave_ref.split("/call/")[1] ?? "";
    if (!ledger.answerSentFor.has(callId)) wrong.push(`answer ${row.id} on ${callId} was never sent`);
  }

  const { items } = await api.ok<{ items: AnnotationQueueItem[] }>(
    api.post(`${TRACE}/annotation_queues/${targets.queueId}/items/query`, { project_id: QUALITY_PROJECT, limit: 1000 }),
  );
  if (items.length !== targets.itemIds.length) wrong.push(`the queue holds ${items.length} items`);
  for (const item of items) {
    const acked = ledger.progressAcked.get(item.id)?.at(-1);
    const sent = ledger.progressSent.get(item.id)?.at(-1);
    const found = RANK[item.annotation_state];
    if (found < (acked ? RANK[acked] : 0) || found > (sent ? RANK[sent] : 0))
      wrong.push(
        `${item.id}: acknowledged ${acked ?? "nothing"}, last sent ${sent ?? "nothing"}, found ${item.annotation_state}`,
      );
  }

  const { queue } = await api.ok<{ queue: AnnotationQueue }>(
    api.get(`${TRACE}/annotation_queues/${targets.queueId}?project_id=${encodeURIComponent(QUALITY_PROJECT)}`),
  );
  const edit = Number(/^edit (\d+)$/.exec(queue.description ?? "")?.[1] ?? -1);
  if (edit < ledger.lastEditAcked || edit > ledger.lastEditSent)
    wrong.push(
      `the description is "${queue.description}": acknowledged edit ${ledger.lastEditAcked}, last sent ${ledger.lastEditSent}`,
    );

  const grown = await api.ok<{ items: AnnotationQueueItem[] }>(
    api.post(`${TRACE}/annotation_queues/${targets.growingQueueId}/items/query`, {
      project_id: QUALITY_PROJECT,
      limit: 1000,
    }),
  );
  const added = new Set(grown.items.map((item) => item.call_id));
  for (const callId of ledger.addsAcked) if (!added.has(callId)) wrong.push(`acknowledged add of ${callId} is missing`);
  for (const callId of added) if (!ledger.addsSent.has(callId)) wrong.push(`${callId} was added but never sent`);

  const calls = await api.post(`${TRACE}/calls/stream_query`, {
    project_id: QUALITY_PROJECT,
    filter: { op_names: [BATCH_OP] },
    columns: ["id", "parent_id", "ended_at"],
  });
  if (calls.status !== 200) wrong.push(`the batch calls' query answered ${calls.status}`);
  const byId = new Map(
    calls.text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; parent_id: string | null; ended_at: string | null })
      .map((call) => [call.id, call]),
  );
  for (const root of ledger.batchesAcked) {
    const [parent, child] = [byId.get(root), byId.get(`${root}-child`)];
    if (!parent?.ended_at || !child?.ended_at || child.parent_id !== root)
      wrong.push(`acknowledged batch ${root} reads ${JSON.stringify([parent, child])}`);
  }
  for (const id of byId.keys())
    if (!ledger.batchesSent.has(id.replace(/-child$/, ""))) wrong.push(`call ${id} was stored but never sent`);

  for (const jobId of ledger.jobs) {
    const status = (await api.get(`${TRAINING}/preview/training-jobs/${jobId}`)).status;
    if (status !== 200) wrong.push(`acknowledged job ${jobId}: ${status}`);
  }
  return wrong;
}
