import { describe, expect, it } from "vitest";
import type { Feedback } from "@contract/trace-feedback";
import { objectRefOf } from "@contract/weave-refs";
import type { Judge } from "../../judges/model/judge-value";
import { failureRequest, verdictRequest } from "../../judges/model/verdicts";
import { judgeSuggestions } from "./judge-suggestions";

const PROJECT = "demo/support-bot";
const CALL = "call-1";
const TONE = { id: "tone", fieldSchema: { type: "integer", minimum: 1, maximum: 5 } };
const SPEC_REF = (digest: string) => objectRefOf(PROJECT, "tone", digest);

const judge = (id: string, digest: string, over: Partial<Judge> = {}): Judge => ({
  id,
  digest,
  ref: objectRefOf(PROJECT, id, digest),
  versionIndex: 1,
  createdAt: "2026-01-01T00:00:00Z",
  name: `${id} name`,
  description: "",
  model: "m",
  service: "inference",
  prompt: "p",
  queueId: "q",
  // Another digest of the spec than the queue's: the question is the same.
  specRef: SPEC_REF("older"),
  responseSchema: {},
  ...over,
});

let seq = 0;
/** A feedback row as the service answers it, from the request verdicts.ts makes. */
function row(request: ReturnType<typeof verdictRequest>, at: string, callId = CALL): Feedback {
  seq += 1;
  return {
    id: `f${seq}`,
    project_id: PROJECT,
    weave_ref: request.weave_ref.replace(CALL, callId),
    wb_user_id: "user-demo",
    created_at: at,
    feedback_type: request.feedback_type,
    payload: request.payload as Record<string, unknown>,
    runnable_ref: request.runnable_ref ?? null,
  };
}
const verdict = (j: { id: string; ref: string }, answer: unknown, at: string, callId = CALL) =>
  row(verdictRequest(PROJECT, j, CALL, { answer, reasoning: `said ${String(answer)}` }), at, callId);
const failure = (j: { ref: string }, at: string) =>
  row(failureRequest(PROJECT, j, CALL, { kind: "malformed", reason: "prose" }), at);

describe("judge suggestions from a call's feedback", () => {
  it("prefers the judge's latest version's verdict, even when an older version answered later", () => {
    const latest = judge("judge-tone", "d2");
    const older = { id: "judge-tone", ref: objectRefOf(PROJECT, "judge-tone", "d1") };
    const rows = [verdict(latest, 4, "2026-01-02T00:00:00Z"), verdict(older, 2, "2026-01-03T00:00:00Z")];
    const found = judgeSuggestions([TONE], [latest], rows, CALL).get("tone");
    expect(found).toMatchObject({ latest: true, digest: "d2", suggested: { value: 4 } });
  });

  it("falls back to the newest verdict of any version, over the latest version's failure, naming it, never pre-selected", () => {
    const latest = judge("judge-tone", "d3");
    const v1 = { id: "judge-tone", ref: objectRefOf(PROJECT, "judge-tone", "d1") };
    const v2 = { id: "judge-tone", ref: objectRefOf(PROJECT, "judge-tone", "d2") };
    const rows = [
      verdict(v1, 1, "2026-01-01T00:00:00Z"),
      verdict(v2, 3, "2026-01-02T00:00:00Z"),
      failure(latest, "2026-01-04T00:00:00Z"),
    ];
    const found = judgeSuggestions([TONE], [latest], rows, CALL).get("tone");
    // Shown as what an older version said; not offered to accept (that version may have answered another question).
    expect(found).toMatchObject({ latest: false, digest: "d2" });
    expect(found?.suggested).toBeUndefined();
  });

  it("gives a failure when there is no verdict, suggesting nothing", () => {
    const latest = judge("judge-tone", "d1");
    const found = judgeSuggestions([TONE], [latest], [failure(latest, "2026-01-01T00:00:00Z")], CALL).get("tone");
    expect(found?.outcome).toMatchObject({ kind: "failure", reason: "prose" });
    expect(found?.suggested).toBeUndefined();
  });

  it("keeps a verdict the question does not take, without suggesting it", () => {
    const latest = judge("judge-tone", "d1");
    const found = judgeSuggestions([TONE], [latest], [verdict(latest, 9, "2026-01-01T00:00:00Z")], CALL).get("tone");
    expect(found?.outcome).toMatchObject({ kind: "verdict", answer: 9 });
    expect(found?.suggested).toBeUndefined();
  });

  it("reads only this call's outcomes and only judges of the question", () => {
    const tone = judge("judge-tone", "d1");
    const other = judge("judge-other", "d1", { specRef: objectRefOf(PROJECT, "resolution", "x") });
    const rows = [verdict(tone, 5, "2026-01-01T00:00:00Z", "call-2"), verdict(other, 2, "2026-01-01T00:00:00Z")];
    expect(judgeSuggestions([TONE], [tone, other], rows, CALL).size).toBe(0);
  });

  it("between two judges of one question, takes the first with a verdict", () => {
    const failing = judge("judge-a", "d1");
    const answering = judge("judge-b", "d1");
    const rows = [failure(failing, "2026-01-01T00:00:00Z"), verdict(answering, 2, "2026-01-01T00:00:00Z")];
    const found = judgeSuggestions([TONE], [failing, answering], rows, CALL).get("tone");
    expect(found).toMatchObject({ judge: { id: "judge-b" }, suggested: { value: 2 } });
  });
});
