import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { AnnotationQueue, AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { feedbackQueries } from "../api/feedback";
import { useAnnotator } from "../shared/annotator-identity";
import { answersByCall } from "../shared/call-answers";
import type { PageAnswers } from "./answer-columns";

/**
 * The queue's questions, and the answers on the rows of the page shown: one feedback query for the
 * whole page (its calls' refs in one `$in`), never one per row.
 */
export function usePageAnswers(
  project: string,
  queue: AnnotationQueue | undefined,
  items: readonly AnnotationQueueItem[],
) {
  const { trace } = useApiClients();
  const refs = queue?.scorer_refs ?? NO_REFS;
  const specs = useQuery({ ...traceQueries.queueSpecs(trace, refs), enabled: refs.length > 0 });
  const list = specs.data?.specs ?? NO_SPECS;
  const callIds = useMemo(() => items.map((item) => item.call_id), [items]);
  const select = useCallback((rows: Feedback[]) => answersByCall(list, rows), [list]);
  const feedback = useQuery({
    ...feedbackQueries.calls(trace, project, callIds),
    enabled: list.length > 0 && callIds.length > 0,
    select,
  });
  const { me } = useAnnotator(trace.scope);
  const answers = useMemo<PageAnswers>(
    () => ({ byCall: feedback.data, me, failed: feedback.isError }),
    [feedback.data, me, feedback.isError],
  );
  // An export started now would leave the answers out: it waits for the questions.
  const questionsPending = refs.length > 0 && specs.isPending;
  return { specs: list, answers, feedback, questionsPending };
}

const NO_REFS: readonly string[] = [];
const NO_SPECS: never[] = [];
