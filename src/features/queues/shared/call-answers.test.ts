import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";
import { answersByCall, standingAnswers } from "./call-answers";

const spec = (id: string, uniqueAmongCreators: boolean): QueueSpec => ({
  ref: `weave:///e/p/object/${id}:d`,
  id,
  label: id,
  description: "",
  fieldSchema: { type: "integer" },
  uniqueAmongCreators,
});
const SPECS = [spec("tone", true), spec("resolution", false), spec("policy", true)];

const row = fc.record({
  call: fc.constantFrom("c1", "c2", "c3"),
  type: fc.constantFrom(
    "wandb.annotation.tone",
    "wandb.annotation.resolution",
    "wandb.annotation.policy",
    "wandb.note.1",
    "wandb.annotation.gone",
  ),
  by: fc.constantFrom("ann-a", "ann-b", "ann-c"),
  minute: fc.integer({ min: 0, max: 59 }),
  value: fc.integer({ min: 1, max: 5 }),
});

const toFeedback = (
  r: { call: string; type: string; by: string; minute: number; value: number },
  i: number,
): Feedback => ({
  id: `fb-${i}`,
  project_id: "e/p",
  weave_ref: r.call === "c3" ? `weave:///e/p/object/x:${r.call}` : `weave:///e/p/call/${r.call}`,
  wb_user_id: r.by,
  created_at: `2026-11-20T10:${String(r.minute).padStart(2, "0")}:00.000Z`,
  feedback_type: r.type,
  payload: { value: r.value },
});

describe("answers by call", () => {
  it("gives each call, per question, exactly the standing answers of that call's rows (in any order of rows)", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (raw) => {
        const rows = raw.map(toFeedback);
        const byCall = answersByCall(SPECS, rows);
        for (const callId of ["c1", "c2"]) {
          const ofCall = rows.filter((r) => r.weave_ref.endsWith(`/call/${callId}`));
          const expected =
            ofCall.length === 0 ? undefined : Object.fromEntries(SPECS.map((s) => [s.id, standingAnswers(s, ofCall)]));
          expect(byCall.get(callId)).toEqual(expected);
        }
        // Feedback on objects (not calls) is no call's answer.
        expect(byCall.has("c3")).toBe(false);
      }),
    );
  });

  it("keeps each annotator's latest answer to a question unique among creators, and the latest of all otherwise", () => {
    const rows = [
      toFeedback({ call: "c1", type: "wandb.annotation.tone", by: "ann-a", minute: 5, value: 2 }, 0),
      toFeedback({ call: "c1", type: "wandb.annotation.tone", by: "ann-b", minute: 1, value: 4 }, 1),
      toFeedback({ call: "c1", type: "wandb.annotation.tone", by: "ann-a", minute: 9, value: 3 }, 2),
      toFeedback({ call: "c1", type: "wandb.annotation.resolution", by: "ann-a", minute: 3, value: 1 }, 3),
      toFeedback({ call: "c1", type: "wandb.annotation.resolution", by: "ann-b", minute: 7, value: 5 }, 4),
    ];
    const onCall = answersByCall(SPECS, rows).get("c1")!;
    expect(onCall.tone!.map((a) => [a.by, a.value])).toEqual([
      ["ann-b", 4],
      ["ann-a", 3],
    ]);
    expect(onCall.resolution!.map((a) => [a.by, a.value])).toEqual([["ann-b", 5]]);
    expect(onCall.policy).toEqual([]);
  });
});
