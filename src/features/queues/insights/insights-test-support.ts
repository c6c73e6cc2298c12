import type { QueueSpec } from "@/api/annotation-specs";
import type { GivenAnswer } from "../shared/call-answers";
import type { InsightItem } from "./insights-input";

/** A question of the tests' queue: its id, label (the id in capitals) and schema. */
export const testSpec = (id: string, fieldSchema: Record<string, unknown>, uniqueAmongCreators = true): QueueSpec => ({
  ref: `weave:///e/p/object/${id}:d`,
  id,
  label: id.toUpperCase(),
  description: "",
  fieldSchema,
  uniqueAmongCreators,
});

/** The queue the tests' items are in. */
export const TEST_QUEUE = "queue-1";

/** Item `n` of TEST_QUEUE, on call `call-n`, in `state` under its latest writer `by`. */
export const testItem = (
  n: number,
  state: InsightItem["annotation_state"] = "completed",
  by: string | null = "ann",
): InsightItem => ({
  id: `item-${n}`,
  queue_id: TEST_QUEUE,
  call_id: `call-${n}`,
  annotation_state: state,
  annotator_user_id: by,
});

/** An answer of `by`, given at `at`. */
export const testAnswer = (by: string, value: unknown, at = "2026-11-20T10:00:00.000Z"): GivenAnswer => ({
  id: `${by}-${String(value)}-${at}`,
  by,
  value,
  at,
});
