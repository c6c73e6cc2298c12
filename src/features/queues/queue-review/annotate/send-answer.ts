import { isCancelledError, type QueryClient } from "@tanstack/react-query";
import type { Feedback } from "@contract/trace-feedback";
import { ANNOTATION_FEEDBACK_PREFIX } from "@contract/trace-feedback";
import { callRef, type QueueSpec } from "@/api/annotation-specs";
import { isApiError } from "@/api/errors";
import type { TraceClient } from "@/api/trace";
import { feedbackKeys, feedbackQueries } from "../../api/feedback";
import { itemKeys } from "../../api/items";
import { AnswerNotStored } from "./answer-not-stored";
import { answersFor } from "./answers";

/** What saving an answer needs of its question (all of it survives a reload: kept-answers.ts). */
export type AnsweredSpec = Pick<QueueSpec, "id" | "ref" | "label" | "uniqueAmongCreators">;

/** Where an answer goes: the service, the call, and who "I" am to it (null while unknown). */
export type AnswerTarget = {
  trace: TraceClient;
  queryClient: QueryClient;
  project: string;
  callId: string;
  queueId: string;
  spec: AnsweredSpec;
  me: () => string | null;
};

/** Creates raced by another create of the same answer, read again and replaced, before giving up. */
const CONFLICT_ROUNDS = 3;

/**
 * One attempt to store an answer: read the call's answers (the cached ones on a first attempt,
 * fresh ones after a failure, which may have been stored though its reply was lost), then replace
 * the row this answer changes or create one. A create refused because an answer already stands
 * (another tab, another annotator at the same instant) reads the answers again and replaces that
 * one. Throws AnswerNotStored when the service did not store it.
 */
export async function sendAnswer(target: AnswerTarget, value: unknown, { fresh }: { fresh: boolean }): Promise<void> {
  const { trace, queryClient, project, callId, queueId, spec } = target;
  const options = feedbackQueries.calls(trace, project, [callId]);
  const request = {
    project_id: project,
    weave_ref: callRef(project, callId),
    feedback_type: `${ANNOTATION_FEEDBACK_PREFIX}${spec.id}`,
    annotation_ref: spec.ref,
    payload: { value },
  };
  let current: ReturnType<typeof answersFor>["current"] = null;
  let identityUnknown = false;
  try {
    let rows = await answersOnCall(queryClient, options, fresh);
    for (let round = 1; ; round++) {
      current = answersFor(spec, rows, target.me()).current;
      try {
        const saved = current
          ? await trace.replaceFeedback({ ...request, feedback_id: current.id })
          : await trace.createFeedback(request);
        // A read of the call's answers still on its way may have been answered before this write:
        // drop it, so it cannot put the replaced row back over the saved one.
        await queryClient.cancelQueries({ queryKey: options.queryKey });
        const replaced = current?.id;
        queryClient.setQueryData<Feedback[]>(options.queryKey, (old = []) => [
          ...old.filter((row) => row.id !== replaced),
          {
            ...request,
            id: saved.id,
            created_at: saved.created_at,
            wb_user_id: saved.wb_user_id,
            payload: saved.payload,
          },
        ]);
        break;
      } catch (error) {
        const answerStands = !current && isApiError(error) && error.status === 409;
        // My own answer stands, but which row is mine is known only once who "I" am is.
        identityUnknown = answerStands && spec.uniqueAmongCreators && target.me() === null;
        if (!answerStands || identityUnknown || round >= CONFLICT_ROUNDS) throw error;
        rows = await answersOnCall(queryClient, options, true);
      }
    }
  } catch (error) {
    // A refused replace may already have removed the old row upstream: read the truth again.
    void queryClient.invalidateQueries({ queryKey: feedbackKeys.all(trace.scope, project) });
    throw new AnswerNotStored(error, current !== null, identityUnknown);
  }
  // The items table's page that shows this call reads its answers again when next shown.
  void queryClient.invalidateQueries({
    queryKey: feedbackKeys.all(trace.scope, project),
    predicate: (query) => showsCallAmongOthers(query.queryKey, callId),
    refetchType: "none",
  });
  // So do the queue's Insights, whose figures count this answer.
  void queryClient.invalidateQueries({ queryKey: itemKeys.insightsAll(trace.scope, queueId), refetchType: "none" });
}

/** A feedback query for several calls (a table page) that includes this one. */
function showsCallAmongOthers(queryKey: readonly unknown[], callId: string): boolean {
  const callIds = queryKey.at(-1);
  return Array.isArray(callIds) && callIds.length > 1 && callIds.includes(callId);
}

/**
 * The call's answers: the cached ones (read if they are not here yet; an answer given before
 * they arrived waits for them, as it must know the row it replaces), or read afresh. A read in
 * flight is cancelled when the review moves on before it ends (its panel was its only observer)
 * or when another save of the call lands: then it is read again, rather than the save failing
 * for a read nobody refused. A fresh read is not retried here: the caller retries the whole save.
 */
async function answersOnCall(
  queryClient: QueryClient,
  options: ReturnType<typeof feedbackQueries.calls>,
  fresh: boolean,
): Promise<Feedback[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (fresh
        ? queryClient.fetchQuery({ ...options, staleTime: 0, retry: false })
        : queryClient.ensureQueryData(options));
    } catch (error) {
      if (!isCancelledError(error) || attempt >= 5) throw error;
    }
  }
}
