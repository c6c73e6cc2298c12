import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import type { QueueSpec, QueueSpecs } from "@/api/annotation-specs";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { feedbackQueries } from "../../api/feedback";
import { useTeamSettings } from "../../api/team-settings";
import { settingsInEffect, specsForTeam } from "../../team/team-specs";
import { answerSavesOf, usePendingAnswers, type AnswerSave } from "./answer-saves";
import { keptAnswers, type KeptAnswer } from "./kept-answers";
import { sendAnswer } from "./send-answer";

/** What answering needs of an item: its call, and where it is (for a notice about it elsewhere). */
export type AnnotatedItem = Pick<AnnotationQueueItem, "id" | "call_id" | "queue_id">;

/** A mark for one save, unique enough to tell two saves of one question apart (not a secret). */
const newToken = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The queue's specs and the call's answers, and `answer(spec, value)`: shown at once, kept in
 * this browser and saved in the background (create, or replace the row it changes). Changes to
 * one spec go out one after another, each replacing the row the one before it wrote, so quick
 * changes never race; they go on (and a refusal is kept) after the review has moved to another
 * item. Answers this browser kept from an earlier load (offline, a closed tab) are sent again.
 * The specs are read as the queue's team settings say (`team.settings`, null while they are read):
 * on a team queue each annotator's answer is their own (team-specs.ts).
 */
export function useAnnotations(project: string, scorerRefs: readonly string[], item: AnnotatedItem, me: string | null) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const saves = answerSavesOf(queryClient);
  const { id: itemId, call_id: callId, queue_id: queueId } = item;
  const teamSettings = useTeamSettings(project, queueId);
  const team = settingsInEffect(teamSettings);
  const forTeam = useCallback(
    (read: QueueSpecs): QueueSpecs => (team ? { ...read, specs: specsForTeam(read.specs, team) } : read),
    [team],
  );
  const specs = useQuery({
    ...traceQueries.queueSpecs(trace, scorerRefs),
    enabled: scorerRefs.length > 0,
    select: forTeam,
  });
  // One options object per call, so the key stays the same across renders.
  const feedbackOptions = useMemo(() => feedbackQueries.calls(trace, project, [callId]), [trace, project, callId]);
  const feedback = useQuery(feedbackOptions);
  const pending = usePendingAnswers(saves, callId);
  // Read when a save runs, which may be after this panel is gone or before "me" was known.
  const meNow = useRef(me);
  useEffect(() => {
    meNow.current = me;
  }, [me]);

  const toSave = useCallback(
    (kept: KeptAnswer): AnswerSave => ({
      kept,
      send: (fresh) =>
        sendAnswer(
          {
            trace,
            queryClient,
            project,
            callId: kept.callId,
            queueId: kept.queueId,
            spec: kept.spec,
            me: () => meNow.current,
          },
          kept.value,
          { fresh },
        ),
    }),
    [trace, queryClient, project],
  );

  const answer = useCallback(
    (spec: QueueSpec, value: unknown) => {
      const { id, ref, label, uniqueAmongCreators } = spec;
      const { baseUrl: address, keyFingerprint: author } = trace.scope;
      saves.save(
        toSave({
          address,
          project,
          callId,
          specId: id,
          author,
          token: newToken(),
          at: Date.now(),
          value,
          spec: { id, ref, label, uniqueAmongCreators },
          itemId,
          queueId,
        }),
      );
    },
    [callId, itemId, queueId, project, saves, trace, toSave],
  );

  useEffect(() => {
    saves.resume(keptAnswers(trace.scope.baseUrl, project, trace.scope.keyFingerprint), toSave);
  }, [saves, trace, project, toSave]);

  /** Lets this call's refused answer to a question go. */
  const dismiss = useCallback((specId: string) => saves.set(callId, specId, undefined), [saves, callId]);

  return {
    specs,
    team: { settings: team, error: teamSettings.isError ? teamSettings.error : null, refetch: teamSettings.refetch },
    feedback,
    pending,
    answer,
    dismiss,
    retryNow: saves.retryNow,
  };
}
