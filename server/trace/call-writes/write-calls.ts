import type { Database } from "better-sqlite3";
import type { CallBatchItem, EndedCall, StartedCall } from "../../../contract/trace-call-writes";
import { writeTransaction } from "../../db/write-transaction";
import { uuid4 } from "../ids";
import { cached } from "../statements";
import { BATCH_STEP, nextTurn } from "./steps";

// The write side of calls, as upstream's trace server: a start creates the call (running until
// its end arrives), an end completes it. The SDKs send them in batches, in the order they
// happened, but a batch may hold an end before its start, or the start may come in a later
// batch; upstream merges a call's start and end rows whichever came first. Here such an end waits
// in trace_call_pending_writes and is applied when the start arrives (migration trace/006_call_writes).

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

type PendingRow = { call_end: string | null; display_name: string | null };

/** Keys of `summary.weave` the server derives on every read (rows.ts), never stored from a client. */
const DERIVED_WEAVE_KEYS = new Set(["status", "latency_ms"]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The stored summary with an end's merged in (top-level keys replaced, `weave` merged key by key)
 * and the derived `weave.status` / `weave.latency_ms` left out: upstream recomputes those from the
 * call's times and exception, so a client cannot make a failed call read as a success.
 */
export function mergeSummary(stored: Record<string, unknown>, incoming: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored, ...incoming };
  const weave = { ...(isRecord(stored.weave) ? stored.weave : {}), ...(isRecord(incoming.weave) ? incoming.weave : {}) };
  for (const key of DERIVED_WEAVE_KEYS) delete weave[key];
  if (Object.keys(weave).length > 0) merged.weave = weave;
  else delete merged.weave;
  return merged;
}

function takePending(db: Database, projectId: string, id: string): PendingRow | undefined {
  const pending = cached(db, "SELECT call_end, display_name FROM trace_call_pending_writes WHERE project_id = ? AND id = ?").get(projectId, id) as PendingRow | undefined;
  if (pending) cached(db, "DELETE FROM trace_call_pending_writes WHERE project_id = ? AND id = ?").run(projectId, id);
  return pending;
}

function startCall(db: Database, start: StartedCall, writer: Writer): StartResult {
  const id = start.id ?? uuid4();
  const traceId = start.trace_id ?? uuid4();
  cached(db, UPSERT_START).run({
    project_id: start.project_id,
    id,
    op_name: start.op_name,
    display_name: start.display_name ?? null,
    trace_id: traceId,
    parent_id: start.parent_id ?? null,
    thread_id: start.thread_id ?? null,
    turn_id: start.turn_id ?? null,
    started_at: start.started_at,
    inputs: JSON.stringify(start.inputs),
    attributes: JSON.stringify(start.attributes),
    wb_user_id: writer.userId,
    wb_run_id: start.wb_run_id ?? null,
    wb_run_step: start.wb_run_step ?? null,
  });
  const pending = takePending(db, start.project_id, id);
  if (pending?.call_end) endCall(db, JSON.parse(pending.call_end) as EndedCall);
  if (pending?.display_name !== null && pending?.display_name !== undefined) setDisplayName(db, start.project_id, id, pending.display_name);
  return { id, trace_id: traceId };
}

function endCall(db: Database, end: EndedCall): EndResult {
  const stored = cached(db, "SELECT summary FROM trace_calls WHERE project_id = ? AND id = ?").get(end.project_id, end.id) as { summary: string } | undefined;
  if (!stored) {
    // The start has not arrived yet: keep the end for it (a later end replaces an earlier one).
    cached(
      db,
      `INSERT INTO trace_call_pending_writes (project_id, id, call_end, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (project_id, id) DO UPDATE SET call_end = excluded.call_end`,
    ).run(end.project_id, end.id, JSON.stringify(end), Date.now());
    return {};
  }
  cached(db, APPLY_END).run({
    project_id: end.project_id,
    id: end.id,
    ended_at: end.ended_at,
    exception: end.exception ?? null,
    output: end.output === undefined || end.output === null ? null : JSON.stringify(end.output),
    summary: JSON.stringify(mergeSummary(JSON.parse(stored.summary) as Record<string, unknown>, end.summary)),
  });
  return {};
}

function setDisplayName(db: Database, projectId: string, id: string, displayName: string): void {
  const changed = cached(db, "UPDATE trace_calls SET display_name = ? WHERE project_id = ? AND id = ?").run(displayName, projectId, id).changes;
  if (changed > 0) return;
  // The SDK may rename a call before the batch holding its start is sent: kept for the start.
  cached(
    db,
    `INSERT INTO trace_call_pending_writes (project_id, id, display_name, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (project_id, id) DO UPDATE SET display_name = excluded.display_name`,
  ).run(projectId, id, displayName, Date.now());
}

/** `POST /call/start`. */
export function writeCallStart(db: Database, start: StartedCall, writer: Writer): StartResult {
  return writeTransaction(db, () => startCall(db, start, writer));
}

/** `POST /call/end`. */
export function writeCallEnd(db: Database, end: EndedCall): EndResult {
  return writeTransaction(db, () => endCall(db, end));
}

/**
 * `POST /call/upsert_batch`: every item in order, BATCH_STEP items per transaction and per turn of
 * the event loop, so a batch of tens of thousands of calls does not hold every other request for
 * seconds. The batch is validated whole before anything is stored; should storing fail part way,
 * the SDK sends the batch again, and that is harmless: a start again is an upsert, an end again
 * merges the same summary.
 */
export async function writeCallBatch(db: Database, batch: readonly CallBatchItem[], writer: Writer): Promise<(StartResult | EndResult)[]> {
  const results: (StartResult | EndResult)[] = [];
  for (let from = 0; from < batch.length; from += BATCH_STEP) {
    if (from > 0) await nextTurn();
    const step = batch.slice(from, from + BATCH_STEP);
    results.push(...writeTransaction(db, () => step.map((item) => (item.mode === "start" ? startCall(db, item.req.start, writer) : endCall(db, item.req.end)))));
  }
  return results;
}

/** `POST /call/update`: the display name (the one field upstream lets a client change). */
export function writeDisplayName(db: Database, projectId: string, id: string, displayName: string): void {
  writeTransaction(db, () => setDisplayName(db, projectId, id, displayName));
}
