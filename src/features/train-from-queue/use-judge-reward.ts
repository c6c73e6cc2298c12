import { useEffect, useMemo } from "react";
import { parseObjectRef } from "@contract/weave-refs";
import type { QueueSpec } from "@/api/annotation-specs";
import {
  useJudgeVersions,
  useQueueJudges,
  versionKey,
  type Judge,
  type JudgeOutcome,
  type OutcomesByVersion,
} from "@/features/queues";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import type { JudgeChoice } from "./train-url-state";
import type { JudgeRewards } from "./trajectories/reward-source";

const NO_OUTCOMES: ReadonlyMap<string, JudgeOutcome> = new Map();

/** Whether a judge answers the question: its spec ref names the question's object. */
export const judgeAnswers = (judge: Pick<Judge, "specRef">, spec: Pick<QueueSpec, "id">) =>
  parseObjectRef(judge.specRef)?.name === spec.id;

/**
 * The queue's judges of the reward question and the chosen judge version with its outcomes on the
 * queue's calls (read with the answers: nothing more is requested for them). A judge or version
 * the address names that the queue does not have is dropped through `onDropped`, with the reason
 * for the page's notice; the choice waits (`pending`) until it can be told.
 */
export function useJudgeReward({
  projectId,
  queueId,
  spec,
  choice,
  outcomes,
  onDropped,
}: {
  projectId: string;
  queueId: string;
  spec: QueueSpec | null;
  choice: JudgeChoice | null;
  outcomes: OutcomesByVersion | undefined;
  onDropped: (issue: UrlIssue, replacement: JudgeChoice | null) => void;
}) {
  const queueJudges = useQueueJudges(projectId, queueId);
  const versions = useJudgeVersions(projectId, choice?.id ?? "");
  const judges = useMemo(
    () => (spec ? queueJudges.judges?.filter((judge) => judgeAnswers(judge, spec)) : undefined),
    [queueJudges.judges, spec],
  );
  // Only versions that answer this question: a judge's question can change from one version to the next,
  // and an older version's verdicts to another question are no rewards for this one.
  const answering = useMemo(
    () => (spec ? versions.data?.filter((v) => judgeAnswers(v, spec)) : undefined),
    [versions.data, spec],
  );
  const latest = choice ? judges?.find((judge) => judge.id === choice.id) : undefined;
  const version = choice ? (choice.digest ? answering?.find((v) => v.digest === choice.digest) : latest) : undefined;

  const problem: UrlIssue | null = useMemo(() => {
    if (!choice || !spec || !judges) return null;
    const value = choice.digest ? `${choice.id}:${choice.digest}` : choice.id;
    if (!latest)
      return {
        param: "judge",
        value,
        reason: queueJudges.judges?.some((judge) => judge.id === choice.id)
          ? `this judge answers another question than ${spec.label}`
          : "this queue has no such judge",
      };
    if (choice.digest && answering && !answering.some((v) => v.digest === choice.digest))
      return {
        param: "judge",
        value,
        reason: versions.data?.some((v) => v.digest === choice.digest)
          ? `that version answers another question than ${spec.label}: its latest is used`
          : "this judge has no such version: its latest is used",
      };
    return null;
  }, [choice, spec, judges, latest, queueJudges.judges, versions.data, answering]);
  useEffect(() => {
    if (problem && choice) onDropped(problem, latest ? { id: choice.id, digest: null } : null);
  }, [problem, choice, latest, onDropped]);

  const rewards = useMemo<JudgeRewards | null>(
    () =>
      version && outcomes
        ? { ref: version.ref, outcomes: outcomes.get(versionKey(version.id, version.digest)) ?? NO_OUTCOMES }
        : null,
    [version, outcomes],
  );
  return {
    judges,
    judgesError: queueJudges.error,
    retry: () => {
      void queueJudges.refetch();
      if (choice) void versions.refetch();
    },
    versions: answering,
    versionsError: versions.error,
    /** The chosen version, once known. */
    version: version ?? null,
    rewards,
    /** A judge is chosen but not yet known (or could not be read): nothing is built from the choice yet. */
    pending: choice !== null && rewards === null,
  };
}
