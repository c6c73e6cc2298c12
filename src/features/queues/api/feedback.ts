import { queryOptions } from "@tanstack/react-query";
import { readCallsFeedback } from "@/api/annotation-specs";
import type { ClientScope } from "@/api/client-config";
import { scopedKey } from "@/api/query-key";
import type { TraceClient } from "@/api/trace";

/** Feedback on calls (answers and notes): key family and query options. */
export const feedbackKeys = {
  /** Every feedback read of a project: invalidate this prefix after writing an answer or a note. */
  all: (scope: ClientScope, projectId: string) => scopedKey(scope, "feedback", projectId),
  calls: (scope: ClientScope, projectId: string, callIds: readonly string[]) =>
    [...feedbackKeys.all(scope, projectId), callIds] as const,
};

export const feedbackQueries = {
  /** Every answer and note on the calls: one query for a page of rows, or one call in the review. */
  calls: (client: TraceClient, projectId: string, callIds: readonly string[]) =>
    queryOptions({
      queryKey: feedbackKeys.calls(client.scope, projectId, callIds),
      queryFn: ({ signal }) => readCallsFeedback(client, projectId, callIds, { signal }),
    }),
};
