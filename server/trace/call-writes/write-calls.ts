import type { Database } from "better-sqlite3";
import type { CallBatchItem, EndedCall, StartedCall } from "../../../contract/trace-call-writes";
import { writeInSteps } from "../../db/write-in-steps";
import { writeTransaction } from "../../db/write-transaction";
import { cached } from "../../db/statements";
import { keepPendingWrite, prunePendingWrites, takePendingWrites } from "./pending-writes";
import { storedColumns, type EndHead, type PreparedCallBatch, type StartHead } from "./prepare-batch";
import { setImmediate as nextTurn } from "node:timers/promises";

// The write side of calls, as upstream's trace server: a start creates the call (running until
// its end arrives), an end completes it. The SDKs send them in batches, in the order they
// happened, but a batch may hold an end before its start, or the start may come in a later
// batch; upstream merges a call's start and end rows whichever came first. Here such an end waits
// in trace_call_pending_writes and is applied when the start arrives (pending-writes.ts).

/** `wb_user_id` of every write is the key's user, whatever the body says (upstream overwrites it too). */
export type Writer = { userId: string };

export type StartResult = { id: string; trace_id: string };
type EndResult = Record<string, never>;

/**
 * A start again for the same call (an SDK retrying a batch the server had stored) replaces the
 * start's fields and keeps the end's.
 */
const UPSERT_START = `
  INSERT INTO trace_calls (project_id, id, op_name, display_name, trace_id, parent_id, thread_id, turn_id, started_at,
    inputs, attributes, wb_user_id, wb_run_id, wb_run_step)
  VALUES (@project_id, @id, @op_name, @display_name, @trace_id, @parent_id, @thread_id, @turn_id, @started_at,
    @inputs, @attributes, @wb_user_id, @wb_run_id, @wb_run_step)
  ON CONFLICT (project_id, id) DO UPDATE SET
    op_name = excluded.op_name, display_name = IFNULL(excluded.display_name, display_name), trace_id = excluded.trace_id,
    parent_id = excluded.parent_id, thread_id = excluded.thread_id, turn_id = excluded.turn_id,
    started_at = excluded.started_at, inputs = excluded.inputs, attributes = excluded.attributes,
    wb_user_id = excluded.wb_user_id, wb_run_id = excluded.wb_run_id, wb_run_step = excluded.wb_run_step`;

const APPLY_END = `
  UPDATE trace_calls SET ended_at = @ended_at, exception = @exception, output = @output, summary = @summary
  WHERE project_id = @project_id AND id = @id`;

/** Keys of `summary.weave` the server derives on every read (rows.ts), never stored from a client. */
const DERIVED_WEAVE_KEYS = new Set(["status", "latency_ms"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The stored summary with an end's merged in (top-level keys replaced, `weave` merged key by key)
 * and the derived `weave.status` / `weave.latency_ms` left out: upstream recomputes those from the
 * call's times and exception, so a client cannot make a failed call read as a success.
 */
export function mergeSummary(
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored, ...incoming };
  const weave = {
    ...(isRecord(stored.weave) ? stored.weave : {}),
    ...(isRecord(incoming.weave) ? incoming.weave : {}),
  };
  for (const key of DERIVED_WEAVE_KEYS) delete weave[key];
  if (Object.keys(weave).length > 0) merged.weave = weave;
  else delete merged.weave;
  return merged;
}

/** Runs `write` on a start or end given as the API sends it, as its stored columns (prepare-batch.ts). */
function writeItem(db: Database, item: CallBatchItem, writer: Writer, now: number): StartResult | EndResult {
  const { head, payload, extra } = storedColumns(item);
  return head.mode === "start"
    ? startCall(db, head, payload, extra, writer, now)
    : endCall(db, head, payload, extra, now);
}

function startCall(
  db: Database,
  head: StartHead,
  inputs: string,
  attributes: string,
  writer: Writer,
  now: number,
): StartResult {
  const { mode: _mode, ...columns } = head;
  cached(db, UPSERT_START).run({ ...columns, inputs, attributes, wb_user_id: writer.userId });
  const pending = takePendingWrites(db, head.project_id, head.id);
  if (pending?.call_end)
    writeItem(db, { mode: "end", req: { end: JSON.parse(pending.call_end) as EndedCall } }, writer, now);
  if (pending?.display_name !== null && pending?.display_name !== undefined)
    setDisplayName(db, head.project_id, head.id, pending.display_name, now);
  return { id: head.id, trace_id: head.trace_id };
}

/** `output`: its JSON text, "" for none; `summary`: JSON text. */
function endCall(db: Database, head: EndHead, output: string, summary: string, now: number): EndResult {
  const stored = cached(db, "SELECT summary FROM trace_calls WHERE project_id = ? AND id = ?").get(
    head.project_id,
    head.id,
  ) as { summary: string } | undefined;
  if (!stored) {
    // The start has not arrived yet: keep the end for it, as the EndedCall it was sent as.
    const { mode: _mode, ...fields } = head;
    keepPendingWrite(
      db,
      head.project_id,
      head.id,
      "call_end",
      `${JSON.stringify(fields).slice(0, -1)},"output":${output || "null"},"summary":${summary}}`,
      now,
    );
    return {};
  }
  cached(db, APPLY_END).run({
    project_id: head.project_id,
    id: head.id,
    ended_at: head.ended_at,
    exception: head.exception,
    output: output || null,
    summary: JSON.stringify(
      mergeSummary(
        JSON.parse(stored.summary) as Record<string, unknown>,
        JSON.parse(summary) as Record<string, unknown>,
      ),
    ),
  });
  return {};
}

/** Whether the name was applied; otherwise it waits for the call's start. */
function setDisplayName(db: Database, projectId: string, id: string, displayName: string, now: number): boolean {
  const changed = cached(db, "UPDATE trace_calls SET display_name = ? WHERE project_id = ? AND id = ?").run(
    displayName,
    projectId,
    id,
  ).changes;
  if (changed > 0) return true;
  // The SDK may rename a call before the batch holding its start is sent: kept for the start.
  keepPendingWrite(db, projectId, id, "display_name", displayName, now);
  return false;
}

const hasPending = (db: Database, projectId: string, id: string) =>
  cached(db, "SELECT 1 FROM trace_call_pending_writes WHERE project_id = ? AND id = ?").get(projectId, id) !==
  undefined;

/** `POST /call/start`. */
export function writeCallStart(db: Database, start: StartedCall, writer: Writer): StartResult {
  return writeTransaction(
    db,
    () => writeItem(db, { mode: "start", req: { start } }, writer, Date.now()) as StartResult,
  );
}

/** `POST /call/end`; an end kept for its start makes the project's pending writes be pruned (pending-writes.ts). */
export async function writeCallEnd(db: Database, end: EndedCall, writer: Writer): Promise<EndResult> {
  const now = Date.now();
  writeTransaction(db, () => writeItem(db, { mode: "end", req: { end } }, writer, now));
  if (hasPending(db, end.project_id, end.id)) await prunePendingWrites(db, end.project_id, now);
  return {};
}

/**
 * A batch's write step stops after this many milliseconds of rows (STEP_MS is 10): its commit and
 * the slice the worker sends meanwhile come on top, and the whole turn must stay well under 50 ms.
 */
const BATCH_STEP_MS = 6;

/** Some rows of a prepared upsert batch (prepare-batch.ts), one entry per item in each list. */
export type BatchRows = Pick<PreparedCallBatch, "heads" | "payloads" | "extras">;

/**
 * `POST /call/upsert_batch`, prepared (prepare-batch.ts; in the upload worker for a large body,
 * whose rows then arrive a slice at a time): every item in order, in write steps (writeInSteps:
 * 1,000 items, 1 MiB of payload or 10 ms each, one transaction each), so a batch of tens of
 * thousands of calls does not hold every other request for seconds. The batch was validated whole
 * before anything is stored; should storing fail part way, the SDK sends the batch again, and that
 * is harmless: a start again is an upsert, an end again merges the same summary. Answers the
 * response's JSON text, `{"res": [...]}`, one answer per item, built as the items are stored,
 * once the last one is stored: an answered batch is stored whole.
 */
export async function writePreparedBatch(
  db: Database,
  batch: { projectIds: string[]; slices: Iterable<BatchRows> | AsyncIterable<BatchRows> },
  writer: Writer,
): Promise<string> {
  const answers: string[] = [];
  const now = Date.now();
  let keptPending = false;
  for await (const { heads, payloads, extras } of batch.slices) {
    const sliceAnswers: string[] = [];
    const writeRow = (index: number) => {
      const head = JSON.parse(heads[index]!) as StartHead | EndHead;
      if (head.mode === "start") {
        const { id, trace_id } = startCall(db, head, payloads[index]!, extras[index]!, writer, now);
        sliceAnswers.push(JSON.stringify({ id, trace_id }));
      } else {
        endCall(db, head, payloads[index]!, extras[index]!, now);
        keptPending ||= hasPending(db, head.project_id, head.id);
        sliceAnswers.push("{}");
      }
    };
    const sizeOf = (index: number) => heads[index]!.length + payloads[index]!.length + extras[index]!.length;
    // writeInSteps starts each step in a turn of its own, so a slice's first step never shares a turn
    // with the previous slice's last step or with the worker message that brought it.
    await writeInSteps(db, heads.length, sizeOf, writeRow, { stepMs: BATCH_STEP_MS });
    // One string per slice: tens of thousands of small answers kept to the end would be old garbage.
    if (sliceAnswers.length > 0) answers.push(sliceAnswers.join(","));
  }
  if (keptPending) for (const projectId of batch.projectIds) await prunePendingWrites(db, projectId, now);
  // The answer (megabytes for a large batch) is encoded and written to the socket in a turn of its own.
  await nextTurn();
  return `{"res":[${answers.join(",")}]}`;
}

/** `POST /call/update`: the display name (the one field upstream lets a client change). */
export async function writeDisplayName(
  db: Database,
  projectId: string,
  id: string,
  displayName: string,
): Promise<void> {
  const now = Date.now();
  const applied = writeTransaction(db, () => setDisplayName(db, projectId, id, displayName, now));
  if (!applied) await prunePendingWrites(db, projectId, now);
}
