import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SETTABLE_STATES, type SettableState } from "../../../contract/trace";
import { QUALITY_SEED } from "./hostile-values";
import { progressProblems, type ProgressAttempt } from "./progress-model";

// The checker must accept every history the rules allow and catch answers that lie; otherwise
// the concurrency test built on it could not fail.

type Request = { annotator: string; state: SettableState };

/** The rules, played one request at a time: what a correct server answers in this order. */
function playInOrder(requests: readonly Request[]) {
  const records: Record<string, SettableState> = {};
  let item: NonNullable<ProgressAttempt["item"]> = {
    id: "item-1",
    annotation_state: "unstarted",
    annotator_user_id: null,
    updated_at: "2026-11-20T10:00:00.000Z",
  };
  const attempts: ProgressAttempt[] = requests.map(({ annotator, state }, i) => {
    const record = records[annotator];
    if (record === state) return { annotator, state, status: 200, item: { ...item } };
    if (record && !(record === "in_progress" && state !== "in_progress")) {
      return {
        annotator,
        state,
        status: 400,
        reason: `Invalid state transition from '${record}' to '${state}' for item 'item-1'`,
      };
    }
    records[annotator] = state;
    item = {
      ...item,
      annotation_state: state,
      annotator_user_id: annotator,
      updated_at: new Date(Date.UTC(2026, 10, 20, 10, 0, 1 + i)).toISOString(),
    };
    return { annotator, state, status: 200, item: { ...item } };
  });
  return { attempts, records, finalItem: item };
}

const requests = fc.array(
  fc.record({ annotator: fc.constantFrom("ann-a", "ann-b"), state: fc.constantFrom(...SETTABLE_STATES) }),
  { minLength: 1, maxLength: 10 },
);

describe("the progress checker", () => {
  it("accepts every answer sequence the rules produce, in any order", () => {
    fc.assert(
      fc.property(requests, (reqs) => {
        const { attempts, records, finalItem } = playInOrder(reqs);
        // The answers arrive in any order: the checker must not depend on it.
        expect(progressProblems(attempts.toReversed(), records, finalItem)).toEqual([]);
      }),
      { seed: QUALITY_SEED, numRuns: 300 },
    );
  });

  it("catches a 400 that names the wrong current state", () => {
    const { attempts, records, finalItem } = playInOrder([
      { annotator: "ann-a", state: "completed" },
      { annotator: "ann-a", state: "skipped" },
    ]);
    attempts[1]!.reason = "Invalid state transition from 'skipped' to 'skipped' for item 'item-1'";
    expect(progressProblems(attempts, records, finalItem)).not.toEqual([]);
    attempts[1]!.reason = "Invalid state transition from 'in_progress' to 'skipped' for item 'item-1'";
    expect(progressProblems(attempts, records, finalItem)).not.toEqual([]);
  });

  it("catches one annotator told that two different final states both succeeded", () => {
    const { attempts, records, finalItem } = playInOrder([
      { annotator: "ann-a", state: "completed" },
      { annotator: "ann-a", state: "skipped" },
    ]);
    attempts[1] = {
      annotator: "ann-a",
      state: "skipped",
      status: 200,
      item: { ...finalItem, id: "item-1", annotation_state: "skipped" },
    };
    expect(progressProblems(attempts, records, finalItem)).not.toEqual([]);
  });

  it("catches a 200 whose item shows a state nobody's record held", () => {
    const { attempts, records, finalItem } = playInOrder([
      { annotator: "ann-a", state: "in_progress" },
      { annotator: "ann-b", state: "completed" },
    ]);
    attempts[0]!.item = { ...attempts[0]!.item!, annotation_state: "skipped" };
    expect(progressProblems(attempts, records, finalItem)).not.toEqual([]);
  });

  it("catches an acknowledged write missing from the records, and an item that ended as nobody left it", () => {
    const played = playInOrder([
      { annotator: "ann-a", state: "in_progress" },
      { annotator: "ann-b", state: "skipped" },
    ]);
    expect(progressProblems(played.attempts, { "ann-b": "skipped" }, played.finalItem)).not.toEqual([]);
    expect(
      progressProblems(played.attempts, played.records, { ...played.finalItem, annotator_user_id: "ann-a" }),
    ).not.toEqual([]);
    expect(
      progressProblems(played.attempts, played.records, {
        ...played.finalItem,
        updated_at: "2026-11-20T09:00:00.000Z",
      }),
    ).not.toEqual([]);
  });

  it("catches a 500 or any other answer the rules do not give", () => {
    const { attempts, records, finalItem } = playInOrder([{ annotator: "ann-a", state: "completed" }]);
    expect(
      progressProblems([...attempts, { annotator: "ann-a", state: "completed", status: 500 }], records, finalItem),
    ).not.toEqual([]);
  });
});
