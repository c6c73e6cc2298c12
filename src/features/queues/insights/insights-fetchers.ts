import { readCallsFeedback, type QueueSpec } from "@/api/annotation-specs";
import type { TraceClient } from "@/api/trace";
import { answersByCall } from "../shared/call-answers";
import type { FetchAnswers, FetchItems } from "../shared/list-pages";

/**
 * How the Insights page reads a queue from the trace service: its items in the default order
 * (`created_at asc, id asc`, stable while annotators work: no filter, no position), and the
 * answers on a batch of calls (one `/feedback/query` with a `$in` over their refs). Only what the
 * real service offers: it has no insights endpoint.
 */
export function insightsFetchers(
  trace: TraceClient,
  projectId: string,
  queueId: string,
  specs: readonly QueueSpec[],
): { fetchPage: FetchItems; fetchAnswers: FetchAnswers } {
  return {
    fetchPage: async ({ offset, limit }, signal) =>
      (await trace.queryItems(queueId, { project_id: projectId, offset, limit }, { signal })).items,
    fetchAnswers: async (callIds, signal) =>
      answersByCall(specs, await readCallsFeedback(trace, projectId, callIds, { signal })),
  };
}
