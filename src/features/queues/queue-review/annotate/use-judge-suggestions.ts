import { useMemo } from "react";
import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";
import { useQueueJudges } from "../../judges/api/judges";
import { judgeSuggestions } from "./judge-suggestions";

/**
 * What the queue's judges said about this call, per question: from the call's feedback the
 * review already reads (verdicts and failures are rows of it) and the project's judges, one
 * cached query for every item, so an item costs no request of its own.
 */
export function useJudgeSuggestions(
  project: string,
  queueId: string,
  specs: readonly QueueSpec[],
  rows: readonly Feedback[],
  callId: string,
) {
  const judges = useQueueJudges(project, queueId);
  const all = judges.data;
  const suggestions = useMemo(
    () =>
      judgeSuggestions(
        specs,
        (all ?? []).filter((judge) => judge.queueId === queueId),
        rows,
        callId,
      ),
    [specs, all, rows, callId, queueId],
  );
  return { suggestions, error: judges.isError ? judges.error : null, refetch: judges.refetch };
}
