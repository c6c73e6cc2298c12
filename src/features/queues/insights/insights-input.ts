import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";
import type { AnswersOnCall } from "../shared/call-answers";
import type { TeamSettings } from "../team/team-settings";
import type { AnswerDistribution } from "./answer-distributions";

/** What an item contributes to the insights: the rest of its row is not kept (10,000 rows stay small). */
export type InsightItem = Pick<
  AnnotationQueueItem,
  "id" | "queue_id" | "call_id" | "annotation_state" | "annotator_user_id"
>;

/** Everything the insights are computed from: the queue's items, its questions and the answers on its calls. */
export type InsightsInput = {
  items: readonly InsightItem[];
  specs: readonly QueueSpec[];
  /** Per call id, the standing answers to each question (shared/call-answers.ts). */
  answers: ReadonlyMap<string, AnswersOnCall>;
  /**
   * The queue's team settings, when they could be read: they decide how many answers make an item
   * done and how old a claim may be. Without them an item is done when completed, and every item
   * left in progress counts as in progress.
   */
  team?: TeamSettings;
  /** Per call id, the claim records on it (team/claims.ts), read in the same queries as the answers. */
  claimRecords?: ReadonlyMap<string, readonly Feedback[]>;
  /** Each question's answers when the read has already folded them in as they came (else they are counted here). */
  distributions?: readonly AnswerDistribution[];
};

export const toInsightItem = (item: AnnotationQueueItem): InsightItem => ({
  id: item.id,
  queue_id: item.queue_id,
  call_id: item.call_id,
  annotation_state: item.annotation_state,
  annotator_user_id: item.annotator_user_id,
});
