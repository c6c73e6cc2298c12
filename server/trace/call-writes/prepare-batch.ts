import type { CallBatchItem } from "../../../contract/trace-call-writes";
import { uuid4 } from "../ids";
import type { CallRow } from "../rows";
import { parseCallBatch } from "./parse-batch";

/** A start's fields that are not its payloads, as stored (times in epoch milliseconds). */
export type StartHead = { mode: "start" } & Pick<
  CallRow,
  | "project_id"
  | "id"
  | "op_name"
  | "display_name"
  | "trace_id"
  | "parent_id"
  | "thread_id"
  | "turn_id"
  | "started_at"
  | "wb_run_id"
  | "wb_run_step"
>;

/** An end's fields that are not its payloads. */
export type EndHead = { mode: "end"; project_id: string; id: string; ended_at: number; exception: string | null };

/**
 * An upsert batch checked and made ready to store, as columns of one entry per item: each crosses
 * back from the upload worker as one joined string (upload-worker/messages.ts), and nothing of it
 * but the small `heads` is parsed again on the event loop.
 */
export type PreparedCallBatch = {
  /** The projects the batch writes to, once each: the caller's entity is checked against them before anything is stored. */
  projectIds: string[];
  /** Per item, its StartHead or EndHead as JSON (ids, names, times: a few hundred characters). */
  heads: string[];
  /** Per item, a start's inputs or an end's output as the JSON text stored ("" for an end with none). */
  payloads: string[];
  /** Per item, a start's attributes or an end's summary as JSON text. */
  extras: string[];
};

/**
 * `/call/upsert_batch`'s body checked as `CallUpsertBatchRequest` (parse-batch.ts: the same 422s)
 * and turned into the columns the store writes. Run in the upload worker for a body of 1 MiB and
 * more (upload-worker/kinds.ts): serialising a 32 MiB batch's inputs and outputs again is most of
 * its cost. A start without an id or trace id gets one here, so the answer names what was stored.
 */
export async function prepareCallBatch(body: unknown): Promise<PreparedCallBatch> {
  const batch = await parseCallBatch(body);
  const prepared: PreparedCallBatch = { projectIds: [], heads: [], payloads: [], extras: [] };
  const projects = new Set<string>();
  for (const item of batch) {
    const { head, payload, extra } = storedColumns(item);
    projects.add(head.project_id);
    prepared.heads.push(JSON.stringify(head));
    prepared.payloads.push(payload);
    prepared.extras.push(extra);
  }
  prepared.projectIds = [...projects];
  return prepared;
}

/** One item's columns. */
export function storedColumns(item: CallBatchItem): { head: StartHead | EndHead; payload: string; extra: string } {
  if (item.mode === "end") {
    const { end } = item.req;
    const output = end.output === undefined || end.output === null ? "" : JSON.stringify(end.output);
    return {
      head: {
        mode: "end",
        project_id: end.project_id,
        id: end.id,
        ended_at: end.ended_at,
        exception: end.exception ?? null,
      },
      payload: output,
      extra: JSON.stringify(end.summary),
    };
  }
  const { start } = item.req;
  const head: StartHead = {
    mode: "start",
    project_id: start.project_id,
    id: start.id ?? uuid4(),
    op_name: start.op_name,
    display_name: start.display_name ?? null,
    trace_id: start.trace_id ?? uuid4(),
    parent_id: start.parent_id ?? null,
    thread_id: start.thread_id ?? null,
    turn_id: start.turn_id ?? null,
    started_at: start.started_at,
    wb_run_id: start.wb_run_id ?? null,
    wb_run_step: start.wb_run_step ?? null,
  };
  return { head, payload: JSON.stringify(start.inputs), extra: JSON.stringify(start.attributes) };
}
