import { compareTimestamps } from "@contract/common";
import type { AnnotationQueueItem } from "@contract/trace";
import { NOTE_FEEDBACK_TYPE, type Feedback } from "@contract/trace-feedback";
import type { AnswersOnCall } from "../../shared/call-answers";
import { callIdOf } from "../../shared/call-answers";
import { ANSWERS_BATCH } from "../../shared/list-pages";

/** A note on a call (`wandb.note.1` feedback): who wrote it, when, and what. */
export type ExportNote = { by: string; at: string; text: string };

/** What the export writes beside a batch of items, per call: the standing answers and the notes. */
export type CallsFeedback = {
  answers: ReadonlyMap<string, AnswersOnCall>;
  notes: ReadonlyMap<string, readonly ExportNote[]>;
};

/** The feedback on these calls (at most ANSWERS_BATCH of them per call of this function): one query's rows, read two ways. */
export type FetchFeedback = (callIds: readonly string[], signal: AbortSignal) => Promise<CallsFeedback>;

/** The notes in feedback rows of many calls, per call, oldest first. */
export function notesByCall(rows: readonly Feedback[]): ReadonlyMap<string, readonly ExportNote[]> {
  const byCall = new Map<string, ExportNote[]>();
  for (const row of rows) {
    if (row.feedback_type !== NOTE_FEEDBACK_TYPE) continue;
    const callId = callIdOf(row.weave_ref);
    const text = (row.payload as { note?: unknown }).note;
    if (callId === null || typeof text !== "string") continue;
    const list = byCall.get(callId);
    const note = { by: row.wb_user_id, at: row.created_at, text };
    if (list) list.push(note);
    else byCall.set(callId, [note]);
  }
  for (const list of byCall.values()) list.sort((a, b) => compareTimestamps(a.at, b.at));
  return byCall;
}

/** The answers and notes on the items' calls, read ANSWERS_BATCH calls at a time (one feedback query each). */
export async function feedbackOn(
  items: readonly AnnotationQueueItem[],
  fetchFeedback: FetchFeedback,
  signal: AbortSignal,
): Promise<CallsFeedback> {
  const callIds = [...new Set(items.map((item) => item.call_id))];
  const answers = new Map<string, AnswersOnCall>();
  const notes = new Map<string, readonly ExportNote[]>();
  for (let start = 0; start < callIds.length; start += ANSWERS_BATCH) {
    signal.throwIfAborted();
    const batch = await fetchFeedback(callIds.slice(start, start + ANSWERS_BATCH), signal);
    for (const [callId, given] of batch.answers) answers.set(callId, given);
    for (const [callId, written] of batch.notes) notes.set(callId, written);
  }
  return { answers, notes };
}
