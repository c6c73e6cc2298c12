import { describe, expect, it } from "vitest";
import { answerRowOf } from "./answer-row";

const row = {
  id: "fb-1",
  weave_ref: "weave:///e/p/call/c1",
  wb_user_id: "user-maria",
  created_at: "2026-11-20T10:00:00Z",
  feedback_type: "wandb.annotation.tone",
  payload: { value: 4 },
};

describe("a feedback row as the figures read it", () => {
  it("keeps the columns read and sets the project", () => {
    expect(answerRowOf({ ...row, extra: "not kept" }, "e/p")).toEqual({ ...row, project_id: "e/p" });
  });

  it("fails naming the column that is not what the service promises", () => {
    expect(() => answerRowOf({ ...row, wb_user_id: 7 }, "e/p")).toThrow('"wb_user_id" is not text');
    expect(() => answerRowOf({ ...row, created_at: undefined }, "e/p")).toThrow('"created_at" is not text');
    for (const payload of [null, [1], "4", undefined])
      expect(() => answerRowOf({ ...row, payload }, "e/p")).toThrow('"payload" is not an object');
  });
});
