import type { AnnotationQueueItem } from "@contract/trace";
import type { QueueSpec } from "@/api/annotation-specs";
import type { AnswersOnCall } from "../shared/call-answers";

/** What an item contributes to the insights: the rest of its row is not kept (10,000 rows stay small). */
export type InsightItem = Pick<AnnotationQueueItem, "id" | "call_id" | "annotation_state" | "annotator_user_id">;

/** Everything the insights are computed from: the queue's items, its questions and the answers on its calls. */
export type InsightsInput = {
  items: readonly InsightItem[];
  specs: readonly QueueSpec[];
  /** Per call id, the standing answers to each question (shared/call-answers.ts). */
  answers: ReadonlyMap<string, AnswersOnCall>;
};

export const toInsightItem = (item: AnnotationQueueItem): InsightItem => ({
  id: item.id,
  call_id: item.call_id,
  annotation_state: item.annotation_state,
  annotator_user_id: item.annotator_user_id,
});
