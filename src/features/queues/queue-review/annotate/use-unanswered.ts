import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpecs } from "@/api/annotation-specs";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { feedbackQueries } from "../../api/feedback";
import { useTeamSettings } from "../../api/team-settings";
import { settingsInEffect, specsForTeam } from "../../team/team-specs";
import { answerSavesOf } from "./answer-saves";
import { unansweredSpecs } from "./answers";
import { isOptional } from "./spec-kind";

/** What is unanswered on a call: the required questions' names, or what has not been read yet to tell. */
export type UnansweredCheck = (callId: string) => string[] | { notRead: "questions" | "answers" };

/**
 * Reads, at the moment Complete is pressed, which of the queue's required questions a call has no
 * answer to, from what the page already holds (the questions, the call's answers, answers being
 * saved): no request, so a quick key press is answered at once. Optional questions (marked in
 * their schema, spec-kind.ts) never hold Complete up: an empty comment is the usual answer, and
 * asking twice on every item teaches annotators to press twice without reading. On a team queue
 * (team-specs.ts) a question counts as answered only with my own answer, never a colleague's.
 */
export function useUnansweredCheck(
  project: string,
  queueId: string,
  scorerRefs: readonly string[] | undefined,
  me: string | null,
): UnansweredCheck {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const team = settingsInEffect(useTeamSettings(project, queueId));
  return useCallback(
    (callId) => {
      if (!scorerRefs) return { notRead: "questions" };
      if (scorerRefs.length === 0) return [];
      const specs = queryClient.getQueryData<QueueSpecs>(traceQueries.queueSpecs(trace, scorerRefs).queryKey);
      if (!specs || !team) return { notRead: "questions" };
      const rows = queryClient.getQueryData<Feedback[]>(feedbackQueries.calls(trace, project, [callId]).queryKey);
      const required = specsForTeam(specs.specs, team).filter((spec) => !isOptional(spec.fieldSchema));
      if (required.length === 0) return [];
      const unanswered = unansweredSpecs(required, rows ?? [], answerSavesOf(queryClient).pendingFor(callId), me);
      // Answers given here before the call's answers arrived are on their way: if they cover every
      // question, nothing is missing whatever the others answered.
      if (!rows && unanswered.length > 0) return { notRead: "answers" };
      return unanswered.map((spec) => spec.label);
    },
    [project, scorerRefs, me, queryClient, trace, team],
  );
}
