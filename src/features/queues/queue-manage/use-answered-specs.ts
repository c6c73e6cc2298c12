import { useQueries } from "@tanstack/react-query";
import { useApiClients } from "@/connection/api-clients";
import { feedbackKeys } from "../api/feedback";

/**
 * Which of `refs` have at least one answer in the project (one feedback row is enough: a query
 * of limit 1 per ref). Asked only for the questions an edit removes, to warn that their answers
 * stay but will no longer be asked for. The project, not the queue: a queue's calls can be
 * thousands, and a spec's answers are the same rows whichever queue asked them.
 */
export function useAnsweredSpecs(projectId: string, refs: readonly string[]): ReadonlySet<string> {
  const { trace } = useApiClients();
  const results = useQueries({
    queries: refs.map((ref) => ({
      queryKey: [...feedbackKeys.all(trace.scope, projectId), "answered", ref],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        trace.queryFeedback(
          {
            project_id: projectId,
            query: { $expr: { $eq: [{ $getField: "annotation_ref" }, { $literal: ref }] } },
            limit: 1,
          },
          { signal },
        ),
      staleTime: 60_000,
    })),
  });
  return new Set(refs.filter((_, index) => (results[index]?.data?.length ?? 0) > 0));
}
