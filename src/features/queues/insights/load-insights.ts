import type { AnswersOnCall } from "../shared/call-answers";
import { answersOn, nextTask, readWholeList, type FetchAnswers, type FetchItems, type ListReadReport } from "../shared/list-pages";
import { insightsInSteps, type QueueInsights } from "./compute-insights";
import type { DayOf } from "./day-buckets";
import { toInsightItem, type InsightItem } from "./insights-input";
import type { QueueSpec } from "@/api/annotation-specs";

export type InsightsProgress = { items: number; answeredCalls: number };

export type LoadedInsights = ListReadReport & {
  insights: QueueInsights;
  /** When the read finished (epoch ms): the page says how old the figures are. */
  loadedAt: number;
  /** Time spent computing once everything was read. */
  computeMs: number;
};

/**
 * Reads every item of the queue (pages of 1,000 in the default order) and the answers on their
 * calls (batches of 250 calls, one feedback query each), then computes the insights. The reading
 * is the export's pager (shared/list-pages.ts); between pages the browser paints and handles input.
 */
export async function loadQueueInsights(options: {
  fetchPage: FetchItems;
  fetchAnswers: FetchAnswers;
  specs: readonly QueueSpec[];
  dayOf: DayOf;
  signal: AbortSignal;
  onProgress?: (progress: InsightsProgress) => void;
}): Promise<LoadedInsights> {
  const { fetchPage, fetchAnswers, specs, dayOf, signal, onProgress } = options;
  const items: InsightItem[] = [];
  const answers = new Map<string, AnswersOnCall>();
  const report = await readWholeList({
    fetchPage,
    signal,
    onRows: async (fresh) => {
      for (const item of fresh) items.push(toInsightItem(item));
      onProgress?.({ items: items.length, answeredCalls: answers.size });
      if (specs.length === 0) return;
      for (const [callId, onCall] of await answersOn(fresh, fetchAnswers, signal)) answers.set(callId, onCall);
      onProgress?.({ items: items.length, answeredCalls: answers.size });
    },
  });
  const started = performance.now();
  // The computation in steps, the browser's next task between them (input stays responsive).
  const steps = insightsInSteps({ items, specs, answers }, dayOf);
  let step = steps.next();
  while (!step.done) {
    await nextTask();
    signal.throwIfAborted();
    step = steps.next();
  }
  const insights = step.value;
  return { insights, ...report, loadedAt: Date.now(), computeMs: performance.now() - started };
}
