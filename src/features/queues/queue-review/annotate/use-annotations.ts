import { isCancelledError, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import { ANNOTATION_FEEDBACK_PREFIX } from "@contract/trace-feedback";
import { callRef, type QueueSpec } from "@/api/annotation-specs";
import { traceQueries } from "@/api/queries/trace";
import { traceKeys } from "@/api/query-keys";
import { isApiError } from "@/api/errors";
import { useApiClients } from "@/settings/api-clients";
import { answerSavesOf, usePendingAnswers } from "./answer-saves";
import { answersFor } from "./answers";

/** What answering needs of an item: its call, and where it is (for a notice about it elsewhere). */
export type AnnotatedItem = Pick<AnnotationQueueItem, "id" | "call_id" | "queue_id">;

/**
 * The queue's specs and the call's answers, and `answer(spec, value)`: shown at once, saved in the
 * background (create, or replace the row it changes). Changes to one spec go out one after
 * another, each replacing the row the one before it wrote, so quick changes never race; they go on
 * (and a refusal is kept) after the review has moved to another item.
 */
export function useAnnotations(project: string, scorerRefs: readonly string[], item: AnnotatedItem, me: string | null) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const saves = answerSavesOf(queryClient);
  const { id: itemId, call_id: callId, queue_id: queueId } = item;
  const specs = useQuery({ ...traceQueries.queueSpecs(trace, scorerRefs), enabled: scorerRefs.length > 0 });
  // One options object per call, so the key (and `answer` below) stay the same across renders.
  const feedbackOptions = useMemo(() => traceQueries.callsFeedback(trace, project, [callId]), [trace, project, callId]);
  const feedback = useQuery(feedbackOptions);
  const pending = usePendingAnswers(saves, callId);

  const answer = useCallback(
    (spec: QueueSpec, value: unknown) => {
      const entry = { value, label: spec.label, itemId, queueId, save: saves.nextSave() };
      saves.set(callId, spec.id, { ...entry, status: "saving" });
      // A later change to the same question (even back to this value) supersedes this one's outcome on screen.
      const stillLatest = () => saves.pendingFor(callId)[spec.id]?.save === entry.save;
      saves.enqueue(callId, spec.id, async () => {
        const request = {
          project_id: project,
          weave_ref: callRef(project, callId),
          feedback_type: `${ANNOTATION_FEEDBACK_PREFIX}${spec.id}`,
          annotation_ref: spec.ref,
          payload: { value },
        };
        let current: ReturnType<typeof answersFor>["current"] = null;
        try {
          // Read when this save runs: the one before it may have replaced the row. An answer given
          // before the call's answers have arrived waits for them (it must know the row it
          // replaces), so a key pressed the moment an item shows is kept, not dropped.
          current = answersFor(spec, await answersOnCall(queryClient, feedbackOptions), me).current;
          const saved = current ? await trace.replaceFeedback({ ...request, feedback_id: current.id }) : await trace.createFeedback(request);
          // A read of the call's answers still on its way may have been answered before this write:
          // drop it, so it cannot put the replaced row back over the saved one.
          await queryClient.cancelQueries({ queryKey: feedbackOptions.queryKey });
          queryClient.setQueryData<Feedback[]>(feedbackOptions.queryKey, (old = []) => [
            ...old.filter((row) => row.id !== current?.id),
            { ...request, id: saved.id, created_at: saved.created_at, wb_user_id: saved.wb_user_id, payload: saved.payload },
          ]);
          if (stillLatest()) saves.set(callId, spec.id, undefined);
          // The items table's page that shows this call reads its answers again when next shown.
          void queryClient.invalidateQueries({ queryKey: traceKeys.feedback(trace.scope, project), predicate: (query) => showsCallAmongOthers(query.queryKey, callId), refetchType: "none" });
          // So do the queue's Insights, whose figures count this answer.
          void queryClient.invalidateQueries({ queryKey: traceKeys.queueInsightsAll(trace.scope, queueId), refetchType: "none" });
        } catch (error) {
          if (stillLatest()) saves.set(callId, spec.id, { ...entry, status: "refused", reason: refusalReason(error, current !== null) });
          // A refused replace may already have removed the old row upstream: read the truth again.
          void queryClient.invalidateQueries({ queryKey: traceKeys.feedback(trace.scope, project) });
        }
      });
    },
    [callId, itemId, queueId, me, project, queryClient, saves, trace, feedbackOptions],
  );

  return { specs, feedback, pending, answer };
}

/**
 * Why an answer was not saved, in the annotator's terms. A replace finds its row gone when someone
 * else changed the same shared answer a moment before (the service says "not found").
 */
function refusalReason(error: unknown, replacing: boolean): string {
  if (replacing && isApiError(error) && error.status === 404) return "someone else changed this answer at the same moment. Retry puts yours in its place";
  return error instanceof Error ? error.message : String(error);
}

/** A feedback query for several calls (a table page) that includes this one. */
function showsCallAmongOthers(queryKey: readonly unknown[], callId: string): boolean {
  const callIds = queryKey.at(-1);
  return Array.isArray(callIds) && callIds.length > 1 && callIds.includes(callId);
}

/**
 * The call's answers, read if they are not here yet. A read in flight is cancelled when the
 * review moves on before it ends (its panel was its only observer) or when another save of the
 * call lands: then it is read again, rather than the save failing for a read nobody refused.
 */
async function answersOnCall(queryClient: QueryClient, options: ReturnType<typeof traceQueries.callsFeedback>): Promise<Feedback[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await queryClient.ensureQueryData(options);
    } catch (error) {
      if (!isCancelledError(error) || attempt >= 5) throw error;
    }
  }
}
