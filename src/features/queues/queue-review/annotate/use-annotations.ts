import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import type { QueueSpec } from "@/api/annotation-specs";
import { traceQueries } from "@/api/queries/trace";
import { isApiError } from "@/api/errors";
import { useApiClients } from "@/settings/api-clients";
import { answerSavesOf, usePendingAnswers } from "./answer-saves";
import { AnswerNotStored, sendAnswer } from "./send-answer";

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
        try {
          await sendAnswer({ trace, queryClient, project, callId, queueId, spec, me: () => me }, value, { fresh: false });
          if (stillLatest()) saves.set(callId, spec.id, undefined);
        } catch (error) {
          const failure = error instanceof AnswerNotStored ? error : new AnswerNotStored(error, false);
          if (stillLatest()) saves.set(callId, spec.id, { ...entry, status: "refused", reason: refusalReason(failure.error, failure.replacing) });
        }
      });
    },
    [callId, itemId, queueId, me, project, queryClient, saves, trace],
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
