import { describe, expect, it } from "vitest";
import type { OutcomesByVersion } from "../model/verdicts";
import { sampleHash, scopeCalls, selectTargets } from "./run-targets";

const callIds = Array.from({ length: 50 }, (_, i) => `call-${i}`);
const calls = new Map(callIds.map((id) => [id, { inputs: { id }, output: "o" }]));
const answers = new Map([["call-1", { tone: [{ id: "a", by: "u", value: 3, at: "t" }] }]]);
const JUDGE = { id: "judge-tone", digest: "d1", specId: "tone" };
const outcomes: OutcomesByVersion = new Map([
  [
    "judge-tone:d1",
    new Map([
      ["call-0", { kind: "verdict" as const, answer: 3, reasoning: "", at: "t", by: "u" }],
      ["call-2", { kind: "failure" as const, failure: "malformed" as const, reason: "prose", at: "t" }],
    ]),
  ],
]);
const source = { callIds, calls, answers, outcomes };

describe("run targets", () => {
  it("draws the same sample every time: the calls with the smallest hash of judge and call", () => {
    const sample = scopeCalls(source, JUDGE, { kind: "sample", size: 5 });
    expect(sample).toHaveLength(5);
    expect(scopeCalls(source, JUDGE, { kind: "sample", size: 5 })).toEqual(sample);
    const hashes = callIds.map((id) => sampleHash(`judge-tone:${id}`)).sort((a, b) => a - b);
    expect(sample.map((id) => sampleHash(`judge-tone:${id}`))).toEqual(hashes.slice(0, 5));
    // Another judge draws another sample.
    expect(scopeCalls(source, { ...JUDGE, id: "judge-other" }, { kind: "sample", size: 5 })).not.toEqual(sample);
  });

  it("leaves out calls this version already judged, and failures unless asked to retry them", () => {
    const plain = selectTargets(source, JUDGE, { scope: { kind: "all" }, retryFailures: false });
    expect(plain.targets.map((t) => t.callId)).not.toContain("call-0");
    expect(plain.targets.map((t) => t.callId)).not.toContain("call-2");
    expect(plain.alreadyDone).toBe(2);
    const retry = selectTargets(source, JUDGE, { scope: { kind: "all" }, retryFailures: true });
    expect(retry.targets.map((t) => t.callId)).toContain("call-2");
    expect(retry.targets.map((t) => t.callId)).not.toContain("call-0");
    // Another version has judged nothing: all 50 are asked.
    expect(
      selectTargets(source, { ...JUDGE, digest: "d2" }, { scope: { kind: "all" }, retryFailures: false }).targets,
    ).toHaveLength(50);
  });

  it("asks only about calls no one answered this question, when told to", () => {
    const unanswered = selectTargets(source, JUDGE, { scope: { kind: "unanswered" }, retryFailures: false });
    expect(unanswered.targets.map((t) => t.callId)).not.toContain("call-1");
    expect(unanswered.inScope).toBe(49);
  });

  it("counts calls whose content could not be read, and does not ask about them", () => {
    const partial = { ...source, calls: new Map([...calls].filter(([id]) => id !== "call-5")) };
    const selection = selectTargets(partial, JUDGE, { scope: { kind: "all" }, retryFailures: false });
    expect(selection.unreadable).toBe(1);
    expect(selection.targets).toHaveLength(47);
  });
});
