import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";
import type { TraceClient } from "@/api/trace";
import { answersByCall, callIdOf, type AnswersOnCall } from "../shared/call-answers";
import type { FetchItems } from "../shared/list-pages";
import { CLAIM_FEEDBACK_TYPE } from "../team/claims";
import { readAnswerRows } from "./answer-rows-query";

/** What one feedback query on a batch of calls gives the insights: the standing answers and the claim records. */
export type CallsFeedback = {
  answers: ReadonlyMap<string, AnswersOnCall>;
  /** Per call id, its claim records (any queue's: the figures narrow them to the item). */
  claimRecords: ReadonlyMap<string, readonly Feedback[]>;
};

/** The answers and claim records on these calls (at most INSIGHTS_CALLS_PER_QUERY of them per call of this function). */
export type FetchCallsFeedback = (callIds: readonly string[], signal: AbortSignal) => Promise<CallsFeedback>;

/**
 * Splits one query's rows: the answers to the queue's questions, and the claim records apart. A claim
 * record is never an answer (answersByCall reads only the questions' own feedback types), and notes
 * and reactions are neither.
 */
export function callsFeedbackOf(specs: readonly QueueSpec[], rows: readonly Feedback[]): CallsFeedback {
  const claimRecords = new Map<string, Feedback[]>();
  for (const row of rows) {
    if (row.feedback_type !== CLAIM_FEEDBACK_TYPE) continue;
    const callId = callIdOf(row.weave_ref);
    if (callId === null) continue;
    const list = claimRecords.get(callId);
    if (list) list.push(row);
    else claimRecords.set(callId, [row]);
  }
  return { answers: answersByCall(specs, rows), claimRecords };
}

/**
 * How the Insights page reads a queue from the trace service: its items in the default order
 * (`created_at asc, id asc`, stable while annotators work: no filter, no position), and the
 * feedback on a batch of calls (one `/feedback/query` with a `$in` over their refs, narrowed to the
 * questions' and claims' feedback types and the columns read): the answers and the claim records
 * come from the same rows. Only what the real service offers: it has no
 * insights endpoint.
 */
export function insightsFetchers(
  trace: TraceClient,
  projectId: string,
  queueId: string,
  specs: readonly QueueSpec[],
): { fetchPage: FetchItems; fetchAnswers: FetchCallsFeedback } {
  return {
    fetchPage: async ({ offset, limit }, signal) =>
      (await trace.queryItems(queueId, { project_id: projectId, offset, limit }, { signal })).items,
    fetchAnswers: async (callIds, signal) =>
      callsFeedbackOf(specs, await readAnswerRows(trace, projectId, specs, callIds, signal)),
  };
}
