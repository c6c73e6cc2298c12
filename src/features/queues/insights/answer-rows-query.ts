import { ANNOTATION_FEEDBACK_PREFIX, type Feedback } from "@contract/trace-feedback";
import { LIMITS } from "@contract/limits";
import { callRef, type QueueSpec } from "@/api/annotation-specs";
import type { TraceClient } from "@/api/trace";
import { CLAIM_FEEDBACK_TYPE } from "../team/claims";
import { ANSWER_COLUMNS, answerRowOf } from "./answer-row";

/** Calls per feedback query: one page of items, at the service's bound on a `$in`'s operands. */
export const INSIGHTS_CALLS_PER_QUERY = Math.min(1000, LIMITS.queryOperands);

/**
 * The answers to the queue's questions and the claim records on these calls: one `/feedback/query`
 * narrowed to their feedback types (notes, reactions and judges' scores are not sent) and to the
 * columns the figures read, in pages as large as the service gives.
 */
export async function readAnswerRows(
  trace: TraceClient,
  projectId: string,
  specs: readonly QueueSpec[],
  callIds: readonly string[],
  signal: AbortSignal,
): Promise<Feedback[]> {
  if (callIds.length === 0) return [];
  const types = [...specs.map((spec) => `${ANNOTATION_FEEDBACK_PREFIX}${spec.id}`), CLAIM_FEEDBACK_TYPE];
  const refs = callIds.map((id) => ({ $literal: callRef(projectId, id) }));
  const query = {
    $expr: {
      $and: [
        { $in: [{ $getField: "weave_ref" }, refs] },
        { $in: [{ $getField: "feedback_type" }, types.map((type) => ({ $literal: type }))] },
      ],
    },
  };
  const rows: Feedback[] = [];
  const page = LIMITS.feedbackPage;
  for (let offset = 0; ; offset += page) {
    const result = await trace.queryFeedback(
      {
        project_id: projectId,
        fields: [...ANSWER_COLUMNS],
        query,
        sort_by: [
          { field: "created_at", direction: "asc" },
          { field: "id", direction: "asc" },
        ],
        limit: page,
        offset,
      },
      { signal },
    );
    for (const row of result) rows.push(answerRowOf(row, projectId));
    if (result.length < page) return rows;
  }
}
