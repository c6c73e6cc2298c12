import {
  callReward,
  rewardOfAnswer,
  type AnnotatorChoice,
  type GivenAnswer,
  type RewardMapping,
} from "./reward-mapping";

/**
 * A judge version's outcome on one call, as far as a reward needs it (the queues feature's
 * JudgeOutcome has these and more): declared here so the library depends on no feature.
 */
export type JudgeCallOutcome = { kind: "verdict"; answer: unknown } | { kind: "failure"; reason: string };

/** The judge version that answers where no one did: its ref (what the trajectory records) and its verdicts per call. */
export type JudgeRewards = { ref: string; outcomes: ReadonlyMap<string, JudgeCallOutcome> };

export type RewardSource = "human" | "judge";

export type SourcedReward =
  | { ok: true; reward: number; source: RewardSource; annotators: string[]; values: unknown[] }
  | { ok: false; reason: "no-answer" | "unreadable-reward" | "judge-failed"; detail: string };

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/**
 * A call's reward: from the chosen annotators' answers when they answered (as without a judge: an
 * unreadable answer stays unusable rather than being replaced by the judge's), else from the
 * judge's verdict mapped the same way. A judge's failure is never a reward.
 */
export function sourcedReward(
  answers: readonly GivenAnswer[] | undefined,
  judge: { outcome: JudgeCallOutcome | undefined } | null,
  mapping: RewardMapping,
  who: AnnotatorChoice,
): SourcedReward {
  const human = callReward(answers, mapping, who);
  if (human.ok) return { ...human, source: "human" };
  if (human.reason !== "no-answer" || !judge) return human;
  const { outcome } = judge;
  if (!outcome) return { ok: false, reason: "no-answer", detail: `${human.detail}, nor the judge` };
  if (outcome.kind === "failure") return { ok: false, reason: "judge-failed", detail: outcome.reason || "no reason" };
  const reward = rewardOfAnswer(mapping, outcome.answer);
  if (reward === null)
    return {
      ok: false,
      reason: "unreadable-reward",
      detail: `the judge's answer ${shown(outcome.answer)} has no reward in this mapping`,
    };
  return { ok: true, reward, source: "judge", annotators: [], values: [outcome.answer] };
}
