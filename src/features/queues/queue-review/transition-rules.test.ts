import { describe, expect, it } from "vitest";
import { allowedMoves } from "./transition-rules";

const allowed = (moves: ReturnType<typeof allowedMoves>) =>
  Object.entries(moves)
    .filter(([, m]) => m.allowed)
    .map(([s]) => s);

describe("transition rules as the review page applies them", () => {
  it('reads an unstarted item\'s writer sent as "" (upstream) the same as null (the local service before)', () => {
    for (const nobody of ["", null]) {
      expect(allowed(allowedMoves({ annotation_state: "unstarted", annotator_user_id: nobody }, null))).toEqual([
        "in_progress",
        "completed",
        "skipped",
      ]);
      expect(allowed(allowedMoves({ annotation_state: "unstarted", annotator_user_id: nobody }, "user-demo"))).toEqual([
        "in_progress",
        "completed",
        "skipped",
      ]);
    }
  });

  it("offers every settable state on an unstarted item", () => {
    expect(allowed(allowedMoves({ annotation_state: "unstarted", annotator_user_id: null }, null))).toEqual([
      "in_progress",
      "completed",
      "skipped",
    ]);
  });

  it("lets my in-progress item move on, but not start again", () => {
    const moves = allowedMoves({ annotation_state: "in_progress", annotator_user_id: "user-demo" }, "user-demo");
    expect(allowed(moves)).toEqual(["completed", "skipped"]);
    expect(moves.in_progress).toEqual({ allowed: false, reason: "Already in progress by you." });
  });

  it("treats completed and skipped as final, with the reason", () => {
    const moves = allowedMoves({ annotation_state: "completed", annotator_user_id: "user-demo" }, "user-demo");
    expect(allowed(moves)).toEqual([]);
    expect(moves.skipped).toMatchObject({ allowed: false, reason: expect.stringContaining("final") });
    expect(
      allowedMoves({ annotation_state: "skipped", annotator_user_id: "user-demo" }, "user-demo").completed,
    ).toMatchObject({ allowed: false });
  });

  it("assumes the latest writer may be me until the service has told me who I am", () => {
    const moves = allowedMoves({ annotation_state: "completed", annotator_user_id: "user-maria" }, null);
    expect(allowed(moves)).toEqual([]);
    expect(moves.in_progress).toMatchObject({ reason: expect.stringContaining("user-maria") });
  });

  it("offers every move on someone else's item: my own progress is separate", () => {
    const moves = allowedMoves({ annotation_state: "completed", annotator_user_id: "user-maria" }, "user-demo");
    expect(allowed(moves)).toEqual(["in_progress", "completed", "skipped"]);
    expect(moves.completed).toMatchObject({ note: expect.stringContaining("user-maria") });
  });
});
