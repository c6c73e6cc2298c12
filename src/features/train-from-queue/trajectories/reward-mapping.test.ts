import { describe, expect, it } from "vitest";
import {
  callReward,
  canScale,
  defaultMapping,
  mappingForSpec,
  rewardOfAnswer,
  type GivenAnswer,
  type RewardMapping,
} from "./reward-mapping";

const answer = (by: string, value: unknown): GivenAnswer => ({ by, value });

describe("the mapping a question starts with", () => {
  it("reads each kind of question", () => {
    expect(defaultMapping({ fieldSchema: { type: "integer", minimum: 1, maximum: 5 } })).toEqual({
      kind: "rating",
      min: 1,
      max: 5,
      scale: "raw",
    });
    expect(defaultMapping({ fieldSchema: { type: "number" } })).toEqual({
      kind: "numeric",
      min: null,
      max: null,
      scale: "raw",
    });
    expect(defaultMapping({ fieldSchema: { type: "boolean" } })).toEqual({ kind: "yes-no", yes: 1, no: 0 });
    expect(
      defaultMapping({
        fieldSchema: { type: "string", enum: ["Resolved", "Partly resolved", "Not resolved", "Made it worse"] },
      }),
    ).toEqual({
      kind: "categorical",
      values: { Resolved: 1, "Partly resolved": 0.667, "Not resolved": 0.333, "Made it worse": 0 },
    });
    expect(defaultMapping({ fieldSchema: { type: "string", enum: ["Only"] } })).toEqual({
      kind: "categorical",
      values: { Only: 1 },
    });
  });

  it("has none for free text", () => {
    expect(defaultMapping({ fieldSchema: { type: "string", maxLength: 500 } })).toBeNull();
    expect(defaultMapping({ fieldSchema: {} })).toBeNull();
  });
});

describe("a mapping from a link, against the question", () => {
  const choices = { fieldSchema: { type: "string", enum: ["Good", "Bad", "New"] } };
  it("keeps the link's rewards for the question's choices, and only those", () => {
    expect(mappingForSpec(choices, { kind: "categorical", values: { Good: 2, Bad: -2, Gone: 9 } })).toEqual({
      kind: "categorical",
      values: { Good: 2, Bad: -2, New: 0 },
    });
  });

  it("takes the scale but not the range of a number, and falls back on another kind", () => {
    const rating = { fieldSchema: { type: "integer", minimum: 1, maximum: 5 } };
    expect(mappingForSpec(rating, { kind: "numeric", min: 0, max: 100, scale: "unit" })).toEqual({
      kind: "rating",
      min: 1,
      max: 5,
      scale: "unit",
    });
    expect(mappingForSpec(rating, { kind: "yes-no", yes: 1, no: 0 })).toEqual({
      kind: "rating",
      min: 1,
      max: 5,
      scale: "raw",
    });
    expect(mappingForSpec({ fieldSchema: { type: "boolean" } }, { kind: "yes-no", yes: 1, no: -1 })).toEqual({
      kind: "yes-no",
      yes: 1,
      no: -1,
    });
    expect(mappingForSpec({ fieldSchema: { type: "string" } }, { kind: "yes-no", yes: 1, no: -1 })).toBeNull();
    expect(mappingForSpec(choices, null)).toEqual(defaultMapping(choices));
  });
});

describe("one answer's reward", () => {
  const rating: RewardMapping = { kind: "rating", min: 1, max: 5, scale: "raw" };
  it("takes numbers as they are, or scaled over the question's range", () => {
    expect(rewardOfAnswer(rating, 4)).toBe(4);
    expect(rewardOfAnswer({ ...rating, scale: "unit" }, 4)).toBe(0.75);
    expect(rewardOfAnswer({ ...rating, scale: "unit-reversed" }, 4)).toBe(0.25);
    expect(rewardOfAnswer({ kind: "numeric", min: null, max: null, scale: "unit" }, 4)).toBeNull();
    expect(canScale(rating)).toBe(true);
    expect(canScale({ kind: "numeric", min: 0, max: null, scale: "raw" })).toBe(false);
  });

  it("maps yes/no and categories to the numbers given, and cannot read anything else", () => {
    expect(rewardOfAnswer({ kind: "yes-no", yes: 1, no: -1 }, false)).toBe(-1);
    expect(rewardOfAnswer({ kind: "yes-no", yes: 1, no: -1 }, "no")).toBeNull();
    const categories: RewardMapping = { kind: "categorical", values: { Good: 2, Bad: -2 } };
    expect(rewardOfAnswer(categories, "Bad")).toBe(-2);
    expect(rewardOfAnswer(categories, "Meh")).toBeNull();
    expect(rewardOfAnswer(categories, "toString")).toBeNull();
    expect(rewardOfAnswer(rating, "4")).toBeNull();
    expect(rewardOfAnswer(rating, Number.NaN)).toBeNull();
  });
});

describe("a call's reward from its answers", () => {
  const rating: RewardMapping = { kind: "rating", min: 1, max: 5, scale: "raw" };
  const answers = [answer("ana", 2), answer("ben", 5)];

  it("is the mean where several answered, or one annotator's answer", () => {
    expect(callReward(answers, rating, { kind: "mean" })).toEqual({
      ok: true,
      reward: 3.5,
      annotators: ["ana", "ben"],
      values: [2, 5],
    });
    expect(callReward(answers, rating, { kind: "one", userId: "ben" })).toEqual({
      ok: true,
      reward: 5,
      annotators: ["ben"],
      values: [5],
    });
  });

  it("says when nobody (or not the chosen annotator) answered", () => {
    expect(callReward(undefined, rating, { kind: "mean" })).toEqual({
      ok: false,
      reason: "no-answer",
      detail: "nobody answered",
    });
    expect(callReward(answers, rating, { kind: "one", userId: "cleo" })).toEqual({
      ok: false,
      reason: "no-answer",
      detail: "cleo did not answer",
    });
  });

  it("refuses a mean with an answer the mapping cannot read", () => {
    const result = callReward([answer("ana", 2), answer("ben", "five")], rating, { kind: "mean" });
    expect(result).toEqual({
      ok: false,
      reason: "unreadable-reward",
      detail: 'the answer "five" has no reward in this mapping',
    });
  });
});
