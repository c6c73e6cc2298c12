import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { AnnotationQueue, AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { feedbackQueries } from "../api/feedback";
import { useTeamSettings } from "../api/team-settings";
import { othersHidden } from "../team/blind-review";
import { settingsInEffect, specsForTeam } from "../team/team-specs";
import { useAnnotator } from "../shared/annotator-identity";
import { answersByCall, type AnswersOnCall } from "../shared/call-answers";
import type { PageAnswers } from "./answer-columns";

/**
 * The queue's questions, and the answers on the rows of the page shown: one feedback query for the
 * whole page (its calls' refs in one `$in`), never one per row. The questions are read as the
 * queue's team settings say (team-specs.ts), and under blind review a row I have not fully
 * answered shows only my own answers.
 */
export function usePageAnswers(
  project: string,
  queue: AnnotationQueue | undefined,
  items: readonly AnnotationQueueItem[],
) {
  const { trace } = useApiClients();
  const refs = queue?.scorer_refs ?? NO_REFS;
  const specs = useQuery({ ...traceQueries.queueSpecs(trace, refs), enabled: refs.length > 0 });
  const team = settingsInEffect(useTeamSettings(project, queue?.id ?? ""));
  const list = useMemo(
    () => (specs.data && team ? specsForTeam(specs.data.specs, team) : NO_SPECS),
    [specs.data, team],
  );
  const callIds = useMemo(() => items.map((item) => item.call_id), [items]);
  const select = useCallback((rows: Feedback[]) => answersByCall(list, rows), [list]);
  const feedback = useQuery({
    ...feedbackQueries.calls(trace, project, callIds),
    enabled: list.length > 0 && callIds.length > 0,
    select,
  });
  const { me } = useAnnotator(trace.scope);
  const answers = useMemo<PageAnswers>(
    () => ({
      byCall: feedback.data,
      me,
      failed: feedback.isError,
      hiddenOn: team && feedback.data ? blindCalls(team, list, feedback.data, me) : NO_CALLS,
    }),
    [feedback.data, me, feedback.isError, team, list],
  );
  // An export started now would leave the answers out (or read them as the wrong kind): it waits for the questions.
  const questionsPending = refs.length > 0 && (specs.isPending || team === null);
  return { specs: list, answers, feedback, questionsPending };
}

/** The calls whose others' answers I may not see yet (blind review, not all my required answers given). */
function blindCalls(
  team: NonNullable<ReturnType<typeof settingsInEffect>>,
  specs: readonly QueueSpec[],
  byCall: ReadonlyMap<string, AnswersOnCall>,
  me: string | null,
): ReadonlySet<string> {
  if (!team.blindReview) return NO_CALLS;
  const hidden = new Set<string>();
  for (const [callId, onCall] of byCall) {
    const answeredByMe = (specId: string) => (onCall[specId] ?? []).some((answer) => answer.by === me);
    if (othersHidden(team, specs, answeredByMe)) hidden.add(callId);
  }
  return hidden;
}

const NO_CALLS: ReadonlySet<string> = new Set();
const NO_REFS: readonly string[] = [];
const NO_SPECS: QueueSpec[] = [];
