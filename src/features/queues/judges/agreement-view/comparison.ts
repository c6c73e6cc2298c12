import { type Steps } from "../../insights/stepwise-computation";
import type { JudgeSource } from "../load-judge-source";
import { fitsLevel, type AgreementLevel } from "../agreement/agreement-figures";
import { changedVerdicts } from "../agreement/changed-verdicts";
import { disagrees, judgeAgreementSteps, type VersionAgreement } from "../agreement/judge-agreement";
import { measurableAnswers, teamAnswer, type HumanAnswer } from "../agreement/team-answer";

/** What a change of verdict did, judged against the team's answer on that call. */
export type ChangeEffect = "fixed" | "broken" | "still wrong" | "still right" | "no team answer";

export type ChangedItem = { callId: string; before: unknown; after: unknown; team: unknown; effect: ChangeEffect };

export type ComparisonInput = {
  level: AgreementLevel;
  options: readonly unknown[] | undefined;
  source: Pick<JudgeSource, "callIds" | "answers">;
  specId: string;
  /** The older version shown (absent when only one is), then the newer. */
  old: { digest: string; verdicts: ReadonlyMap<string, unknown> } | null;
  current: { digest: string; verdicts: ReadonlyMap<string, unknown> };
};

export type Comparison = {
  /** Calls with at least one measurable human answer to the question. */
  answeredCalls: number;
  old: VersionAgreement | null;
  current: VersionAgreement;
  /** Both versions over the calls both judged, so a difference is the prompt's and not the calls'. */
  sameCalls: { calls: number; old: VersionAgreement; current: VersionAgreement } | null;
  /** Calls whose verdict changed from the old version to the current one. */
  changed: ChangedItem[];
};

/** Calls read between two yields while the human answers are gathered. */
const CALLS_PER_STEP = 2000;

function effectOf(level: AgreementLevel, before: unknown, after: unknown, team: unknown): ChangeEffect {
  if (team === undefined || !fitsLevel(level, before) || !fitsLevel(level, after)) return "no team answer";
  const wasRight = !disagrees(level, before, team);
  const isRight = !disagrees(level, after, team);
  if (isRight) return wasRight ? "still right" : "fixed";
  return wasRight ? "broken" : "still wrong";
}

/**
 * The agreement view's figures, in steps (see insights/stepwise-computation.ts): each version
 * against the team over the whole queue, both over the calls both judged, and the changed verdicts.
 */
export function* comparisonSteps(input: ComparisonInput): Steps<Comparison> {
  const { level, options, source, specId, old, current } = input;
  const humans = new Map<string, HumanAnswer[]>();
  let answeredCalls = 0;
  for (let index = 0; index < source.callIds.length; index++) {
    const callId = source.callIds[index] as string;
    const given = source.answers.get(callId)?.[specId] ?? [];
    if (given.length > 0) {
      const answers = given.map((answer) => ({ by: answer.by, value: answer.value }));
      humans.set(callId, answers);
      if (measurableAnswers(level, answers).length > 0) answeredCalls += 1;
    }
    if ((index + 1) % CALLS_PER_STEP === 0) yield;
  }
  const versions = old ? [old, current] : [current];
  const whole = yield* judgeAgreementSteps({ level, callIds: source.callIds, humans, versions, options });
  const oldAgreement = old ? (whole[0] ?? null) : null;
  const currentAgreement = whole[whole.length - 1] as VersionAgreement;
  if (!old) return { answeredCalls, old: null, current: currentAgreement, sameCalls: null, changed: [] };

  yield;
  const both = source.callIds.filter(
    (callId) => fitsLevel(level, old.verdicts.get(callId)) && fitsLevel(level, current.verdicts.get(callId)),
  );
  yield;
  const [sameOld, sameCurrent] = yield* judgeAgreementSteps({ level, callIds: both, humans, versions, options });
  yield;
  const place = new Map(source.callIds.map((callId, index) => [callId, index]));
  const changed = changedVerdicts(old.verdicts, current.verdicts)
    .filter((change) => place.has(change.callId))
    .sort((a, b) => (place.get(a.callId) as number) - (place.get(b.callId) as number))
    .map(({ callId, before, after }) => {
      const measurable = measurableAnswers(level, humans.get(callId) ?? []);
      const team = teamAnswer(level, measurable);
      return { callId, before, after, team, effect: effectOf(level, before, after, team) };
    });
  return {
    answeredCalls,
    old: oldAgreement,
    current: currentAgreement,
    sameCalls: sameOld && sameCurrent ? { calls: both.length, old: sameOld, current: sameCurrent } : null,
    changed,
  };
}
