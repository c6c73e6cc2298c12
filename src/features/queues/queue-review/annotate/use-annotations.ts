import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import type { Feedback } from "@contract/trace-feedback";
import { ANNOTATION_FEEDBACK_PREFIX } from "@contract/trace-feedback";
import { callRef, type QueueSpec } from "@/api/annotation-specs";
import { traceQueries } from "@/api/queries/trace";
import { traceKeys } from "@/api/query-keys";
import { useApiClients } from "@/settings/api-clients";
import { answersFor } from "./answers";

/** A change on its way to the service, or refused by it (the value stays, with the reason and Retry). */
export type PendingAnswer = { value: unknown; status: "saving" } | { value: unknown; status: "refused"; reason: string };

/**
 * The queue's specs and the call's answers, and `answer(spec, value)`: shown at once, saved in the
 * background (create, or replace the row it changes). Changes to one spec go out one after
 * another, each replacing the row the one before it wrote, so quick changes never race.
 */
export function useAnnotations(project: string, scorerRefs: readonly string[], callId: string, me: string | null) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const specs = useQuery({ ...traceQueries.queueSpecs(trace, scorerRefs), enabled: scorerRefs.length > 0 });
  // One options object per call, so the key (and `answer` below) stay the same across renders.
  const feedbackOptions = useMemo(() => traceQueries.callsFeedback(trace, project, [callId]), [trace, project, callId]);
  const feedback = useQuery(feedbackOptions);
  const [pending, setPending] = useState<Record<string, PendingAnswer>>({});
  const chains = useRef(new Map<string, Promise<void>>());

  const rows = useCallback(() => queryClient.getQueryData<Feedback[]>(feedbackOptions.queryKey) ?? [], [queryClient, feedbackOptions.queryKey]);

  const answer = useCallback(
    (spec: QueueSpec, value: unknown) => {
      const key = `${callId}:${spec.id}`;
      setPending((current) => ({ ...current, [spec.id]: { value, status: "saving" } }));
      const save = async () => {
        // Read when this save runs: the one before it may have replaced the row.
        const current = answersFor(spec, rows(), me).current;
        const request = {
          project_id: project,
          weave_ref: callRef(project, callId),
          feedback_type: `${ANNOTATION_FEEDBACK_PREFIX}${spec.id}`,
          annotation_ref: spec.ref,
          payload: { value },
        };
        try {
          const saved = current ? await trace.replaceFeedback({ ...request, feedback_id: current.id }) : await trace.createFeedback(request);
          queryClient.setQueryData<Feedback[]>(feedbackOptions.queryKey, (old = []) => [
            ...old.filter((row) => row.id !== current?.id),
            { ...request, id: saved.id, created_at: saved.created_at, wb_user_id: saved.wb_user_id, payload: saved.payload },
          ]);
          setPending((now) => {
            if (now[spec.id]?.value !== value) return now;
            const { [spec.id]: _done, ...rest } = now;
            return rest;
          });
        } catch (error) {
          setPending((now) => (now[spec.id]?.value === value ? { ...now, [spec.id]: { value, status: "refused", reason: error instanceof Error ? error.message : String(error) } } : now));
          // A refused replace may already have removed the old row upstream: read the truth again.
          void queryClient.invalidateQueries({ queryKey: traceKeys.feedback(trace.scope, project) });
        }
      };
      const next = (chains.current.get(key) ?? Promise.resolve()).then(save);
      chains.current.set(key, next);
    },
    [callId, me, project, queryClient, rows, trace, feedbackOptions.queryKey],
  );

  return { specs, feedback, pending, answer };
}
