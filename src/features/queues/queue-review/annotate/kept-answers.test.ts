import { describe, expect, it } from "vitest";
import { LIMITS } from "@contract/limits";
import { forgetAnswer, keepAnswer, keptAnswers, MAX_KEPT_ANSWERS } from "./kept-answers";
import { KEPT_ADDRESS as ADDRESS, KEPT_AUTHOR as AUTHOR, KEPT_PROJECT as PROJECT, keptAnswer } from "./test-support";

const kept = keptAnswer;

describe("answers kept in this browser", () => {
  it("are listed per service address, project and author, oldest first", () => {
    expect(keepAnswer(kept({ callId: "call-2", at: 30, token: "b" }))).toBe(true);
    expect(keepAnswer(kept({ callId: "call-1", at: 10, token: "a" }))).toBe(true);
    keepAnswer(kept({ address: "https://trace.wandb.ai", token: "elsewhere" }));
    keepAnswer(kept({ project: "demo/other", token: "other project" }));
    keepAnswer(kept({ author: "ffffffff", token: "someone else" }));
    expect(keptAnswers(ADDRESS, PROJECT, AUTHOR).map((answer) => answer.token)).toEqual(["a", "b"]);
  });

  it("hold one entry per question: a later answer takes its place, and only its own save drops it", () => {
    keepAnswer(kept({ token: "first", value: 2 }));
    keepAnswer(kept({ token: "second", value: 5, at: 2 }));
    expect(keptAnswers(ADDRESS, PROJECT, AUTHOR).map((answer) => answer.value)).toEqual([5]);
    // The first save, stored late, must not drop the second's entry.
    forgetAnswer(kept({ token: "first" }));
    expect(keptAnswers(ADDRESS, PROJECT, AUTHOR)).toHaveLength(1);
    forgetAnswer(kept({ token: "second" }));
    expect(keptAnswers(ADDRESS, PROJECT, AUTHOR)).toEqual([]);
  });

  it(`are bounded: at most ${MAX_KEPT_ANSWERS}, each within the service's payload bound (an earlier answer to that question is dropped then)`, () => {
    for (let i = 0; i < MAX_KEPT_ANSWERS; i++)
      expect(keepAnswer(kept({ callId: `call-${i}`, token: `t${i}`, at: i }))).toBe(true);
    expect(keepAnswer(kept({ callId: "one too many", token: "x" }))).toBe(false);
    // A later answer to a question already kept still takes its place.
    expect(keepAnswer(kept({ callId: "call-0", token: "again", value: 1 }))).toBe(true);
    const huge = "x".repeat(LIMITS.feedbackPayloadBytes);
    expect(keepAnswer(kept({ callId: "call-1", token: "huge", value: huge }))).toBe(false);
    const left = keptAnswers(ADDRESS, PROJECT, AUTHOR);
    expect(left).toHaveLength(MAX_KEPT_ANSWERS - 1);
    expect(left.some((answer) => answer.callId === "call-1")).toBe(false);
  });

  it("skip entries that are not answers (another version's, edited by hand) without failing", () => {
    keepAnswer(kept({ token: "good" }));
    localStorage.setItem(
      `wbops.queues.unsavedAnswer:["${ADDRESS}","${PROJECT}","call-9","tone","${AUTHOR}"]`,
      "{not json",
    );
    localStorage.setItem(
      `wbops.queues.unsavedAnswer:["${ADDRESS}","${PROJECT}","call-8","tone","${AUTHOR}"]`,
      JSON.stringify({ ...kept(), spec: null }),
    );
    expect(keptAnswers(ADDRESS, PROJECT, AUTHOR).map((answer) => answer.token)).toEqual(["good"]);
  });
});
