import { describe, expect, it } from "vitest";
import type { RewardMapping } from "./reward-mapping";
import { sourcedReward, type JudgeCallOutcome } from "./reward-source";

const rating: RewardMapping = { kind: "rating", min: 1, max: 5, scale: "unit" };
const answer = (by: string, value: unknown) => ({ by, value });
const verdict = (value: unknown): JudgeCallOutcome => ({ kind: "verdict", answer: value });
const mean = { kind: "mean" } as const;

describe("a call's reward with a judge where no one answered", () => {
  it("takes the people's answers over the judge's verdict when they answered", () => {
    expect(sourcedReward([answer("ana", 5), answer("ben", 4)], { outcome: verdict(1) }, rating, mean)).toEqual({
      ok: true,
      reward: 0.875,
      source: "human",
      annotators: ["ana", "ben"],
      values: [5, 4],
    });
  });

  it("takes the judge's verdict, mapped the same way, where no one answered", () => {
    expect(sourcedReward(undefined, { outcome: verdict(2) }, rating, mean)).toEqual({
      ok: true,
      reward: 0.25,
      source: "judge",
      annotators: [],
      values: [2],
    });
    const reversed: RewardMapping = { ...rating, scale: "unit-reversed" };
    expect(sourcedReward([], { outcome: verdict(2) }, reversed, mean)).toMatchObject({ ok: true, reward: 0.75 });
    const yesNo: RewardMapping = { kind: "yes-no", yes: 1, no: -1 };
    expect(sourcedReward(undefined, { outcome: verdict(false) }, yesNo, mean)).toMatchObject({ reward: -1 });
    const choices: RewardMapping = { kind: "categorical", values: { Resolved: 2, "Not resolved": 0 } };
    expect(sourcedReward(undefined, { outcome: verdict("Resolved") }, choices, mean)).toMatchObject({ reward: 2 });
  });

  it("fills in for one chosen annotator who did not answer, even where others did", () => {
    expect(
      sourcedReward([answer("ben", 5)], { outcome: verdict(3) }, rating, { kind: "one", userId: "ana" }),
    ).toMatchObject({ ok: true, reward: 0.5, source: "judge" });
  });

  it("never makes a reward of a judge's failure", () => {
    expect(
      sourcedReward(undefined, { outcome: { kind: "failure", reason: "the reply was prose" } }, rating, mean),
    ).toEqual({ ok: false, reason: "judge-failed", detail: "the reply was prose" });
  });

  it("leaves a call with neither an answer nor a verdict unusable, as without a judge", () => {
    expect(sourcedReward(undefined, { outcome: undefined }, rating, mean)).toEqual({
      ok: false,
      reason: "no-answer",
      detail: "nobody answered, nor the judge",
    });
    expect(sourcedReward(undefined, null, rating, mean)).toEqual({
      ok: false,
      reason: "no-answer",
      detail: "nobody answered",
    });
  });

  it("does not replace an unreadable human answer with the judge's, and refuses a verdict the mapping cannot read", () => {
    expect(sourcedReward([answer("ana", "five")], { outcome: verdict(4) }, rating, mean)).toMatchObject({
      ok: false,
      reason: "unreadable-reward",
    });
    expect(sourcedReward(undefined, { outcome: verdict("4") }, rating, mean)).toEqual({
      ok: false,
      reason: "unreadable-reward",
      detail: `the judge's answer "4" has no reward in this mapping`,
    });
  });
});
