import { confusionMatrix } from "@/lib/agreement-stats/confusion-matrix";
import { valueKey } from "@/lib/agreement-stats/value-key";
import { runSteps, type Steps } from "../../insights/stepwise-computation";
import { agreementFigures, fitsLevel, type AgreementFigures, type AgreementLevel } from "./agreement-figures";
import { answerLabel } from "./answer-label";
import { measurableAnswers, teamAnswer, type HumanAnswer } from "./team-answer";

export type JudgeAgreementInput = {
  level: AgreementLevel;
  /** The queue's calls, in the queue's order (the disagreements keep it). */
  callIds: readonly string[];
  /** The standing human answers to the question, per call. */
  humans: ReadonlyMap<string, readonly HumanAnswer[]>;
  /** Each judge version's verdict per call (failures are not verdicts and are not in here). */
  versions: readonly { digest: string; verdicts: ReadonlyMap<string, unknown> }[];
  /** The question's answers in their own order (its options, its rating steps), so unused ones keep a row. */
  options?: readonly unknown[];
};

export type Disagreement = { callId: string; verdict: unknown; majority: unknown; answers: HumanAnswer[] };

export type VersionAgreement = {
  digest: string;
  /** Against the team's answer per call (calls with a tie at the top are left out). */
  vsMajority: AgreementFigures;
  /** Against each annotator over the calls both answered, most shared calls first. */
  vsAnnotators: { by: string; figures: AgreementFigures }[];
  /** Rows: the judge's verdict; columns: the team's answer. Null for numbers (no categories). */
  confusion: { labels: string[]; values: unknown[]; counts: number[][] } | null;
  /** Every call where the verdict is not the team's answer (numbers: one or more apart), in call order. */
  disagreements: Disagreement[];
  /** Calls of the queue with a measurable verdict of this version. */
  verdicts: number;
};

/** Calls handled between two yields: well under a long task (50 ms) on a slow machine. */
const CALLS_PER_STEP = 2000;

type CallHumans = { answers: readonly HumanAnswer[]; measurable: HumanAnswer[]; team: unknown };

/** Whether a verdict is not the team's answer (numbers: one or more apart). */
export function disagrees(level: AgreementLevel, verdict: unknown, team: unknown): boolean {
  if (level === "interval") return Math.abs((verdict as number) - (team as number)) >= 1;
  return valueKey(verdict) !== valueKey(team);
}

/** Each call's measurable human answers and team answer, read once for every version. */
function* humansPerCall(input: JudgeAgreementInput): Steps<(CallHumans | null)[]> {
  const perCall: (CallHumans | null)[] = [];
  for (let i = 0; i < input.callIds.length; i++) {
    const answers = input.humans.get(input.callIds[i] as string) ?? [];
    const measurable = measurableAnswers(input.level, answers);
    perCall.push(measurable.length === 0 ? null : { answers, measurable, team: teamAnswer(input.level, measurable) });
    if ((i + 1) % CALLS_PER_STEP === 0) yield;
  }
  return perCall;
}

function* versionAgreement(
  input: JudgeAgreementInput,
  version: JudgeAgreementInput["versions"][number],
  perCall: readonly (CallHumans | null)[],
): Steps<VersionAgreement> {
  const { level } = input;
  const judged: unknown[] = [];
  const teamAnswers: unknown[] = [];
  const byAnnotator = new Map<string, { judge: unknown[]; human: unknown[] }>();
  const disagreements: Disagreement[] = [];
  let verdicts = 0;
  for (let i = 0; i < input.callIds.length; i++) {
    if ((i + 1) % CALLS_PER_STEP === 0) yield;
    const callId = input.callIds[i] as string;
    const verdict = version.verdicts.get(callId);
    if (!fitsLevel(level, verdict)) continue;
    verdicts++;
    const humans = perCall[i];
    if (!humans) continue;
    for (const answer of humans.measurable) {
      let pairs = byAnnotator.get(answer.by);
      if (!pairs) byAnnotator.set(answer.by, (pairs = { judge: [], human: [] }));
      pairs.judge.push(verdict);
      pairs.human.push(answer.value);
    }
    if (humans.team === undefined) continue;
    judged.push(verdict);
    teamAnswers.push(humans.team);
    if (disagrees(level, verdict, humans.team))
      disagreements.push({ callId, verdict, majority: humans.team, answers: [...humans.answers] });
  }
  // Each set of figures over up to every call is a step of its own (a few ms each on 10,000 pairs).
  const vsAnnotators: VersionAgreement["vsAnnotators"] = [];
  for (const [by, pairs] of byAnnotator) {
    yield;
    vsAnnotators.push({ by, figures: agreementFigures(level, pairs.judge, pairs.human) });
  }
  vsAnnotators.sort((a, b) => b.figures.n - a.figures.n || (a.by < b.by ? -1 : a.by > b.by ? 1 : 0));
  yield;
  const vsMajority = agreementFigures(level, judged, teamAnswers);
  yield;
  const matrix = level === "interval" ? null : confusionMatrix(judged, teamAnswers, input.options);
  return {
    digest: version.digest,
    vsMajority,
    vsAnnotators,
    confusion: matrix && { labels: matrix.values.map(answerLabel), values: matrix.values, counts: matrix.counts },
    disagreements,
    verdicts,
  };
}

/**
 * The agreement of one question's judge versions with the team, in steps of about 2,000 calls so
 * that a page can give the browser its main thread back between them (stepwise-computation.ts).
 */
export function* judgeAgreementSteps(input: JudgeAgreementInput): Steps<VersionAgreement[]> {
  const perCall = yield* humansPerCall(input);
  const results: VersionAgreement[] = [];
  for (const version of input.versions) {
    yield;
    results.push(yield* versionAgreement(input, version, perCall));
  }
  return results;
}

/** The same at once, for callers that need not yield (tests, the benchmark's check). */
export const judgeAgreement = (input: JudgeAgreementInput): VersionAgreement[] => runSteps(judgeAgreementSteps(input));
