import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import type { AnswersOnCall } from "../shared/call-answers";
import { ANSWERS_BATCH, nextTask, readWholeList, type FetchItems, type ListReadReport } from "../shared/list-pages";
import type { TeamSettings } from "../team/team-settings";
import { insightsInSteps, type QueueInsights } from "./compute-insights";
import type { DayOf } from "./day-buckets";
import type { FetchCallsFeedback } from "./insights-fetchers";
import { toInsightItem, type InsightItem } from "./insights-input";
import type { QueueSpec } from "@/api/annotation-specs";

export type InsightsProgress = { items: number; answeredCalls: number };

export type LoadedInsights = ListReadReport & {
  insights: QueueInsights;
  /** When the read finished (epoch ms): the page says how old the figures are. */
  loadedAt: number;
  /** From the end of the read to the figures: the computation's steps and the pauses between them. */
  computeMs: number;
};

/** Runs one step of the computation under a User Timing measure ("insights-step"), for the benchmarks and DevTools. */
function measured<T>(run: () => T): T {
  const start = performance.now();
  try {
    return run();
  } finally {
    try {
      performance.measure("insights-step", { start, end: performance.now() });
    } catch {
      // Timing is optional (older engines).
    }
  }
}

/**
 * Feedback queries in flight at once. Against the real service each costs a round trip: with
 * three in flight, and the next page of items read meanwhile, the ~50 requests of a 10,000-item
 * queue take about a third of the time of one after another.
 */
export const ANSWER_QUERIES_IN_FLIGHT = 3;

/**
 * What is read for batches of calls (the answers on them, and for the Train page the calls
 * themselves), ANSWER_QUERIES_IN_FLIGHT requests at a time. `add` waits while that many are
 * running; the first failure cancels the others and is thrown by the next `add` or by `finish`.
 */
function batchReader<T>(
  fetchBatch: (callIds: readonly string[], signal: AbortSignal) => Promise<T>,
  outer: AbortSignal,
  onBatch: (found: T) => void,
) {
  const controller = new AbortController();
  const stop = () => controller.abort(outer.reason);
  outer.addEventListener("abort", stop, { once: true });
  const pending = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const throwIfFailed = () => {
    if (failure) throw failure.error;
  };
  return {
    async add(callIds: readonly string[]) {
      while (pending.size >= ANSWER_QUERIES_IN_FLIGHT) {
        await Promise.race(pending);
        throwIfFailed();
      }
      throwIfFailed();
      const task: Promise<void> = fetchBatch(callIds, controller.signal)
        .then(onBatch, (error: unknown) => {
          failure ??= { error };
          controller.abort();
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    /** Stops the queries in flight (the list could not be read: their answers are of no use). */
    cancel() {
      controller.abort();
    },
    async finish() {
      try {
        await Promise.all(pending);
        throwIfFailed();
      } finally {
        outer.removeEventListener("abort", stop);
      }
    },
  };
}

/**
 * Reads every item of a queue (pages of 1,000 in the default order, through the export's pager)
 * and, unless `readBatches` is false, something per batch of ANSWERS_BATCH of their calls, a few
 * batches at once while the next page is read. `onItems` gets each page's new rows, `onBatch`
 * each batch's result. What the Insights page and the Train page share.
 */
export async function readQueueInBatches<T>(options: {
  fetchPage: FetchItems;
  fetchBatch: (callIds: readonly string[], signal: AbortSignal) => Promise<T>;
  readBatches: boolean;
  signal: AbortSignal;
  onItems: (fresh: readonly AnnotationQueueItem[]) => void;
  onBatch: (found: T) => void;
}): Promise<ListReadReport> {
  const { fetchPage, fetchBatch, readBatches, signal, onItems, onBatch } = options;
  const reader = batchReader(fetchBatch, signal, onBatch);
  let listReport: ListReadReport;
  try {
    listReport = await readWholeList({
      fetchPage,
      signal,
      onRows: async (fresh) => {
        onItems(fresh);
        if (!readBatches) return;
        const callIds = [...new Set(fresh.map((item) => item.call_id))];
        for (let start = 0; start < callIds.length; start += ANSWERS_BATCH)
          await reader.add(callIds.slice(start, start + ANSWERS_BATCH));
      },
    });
  } catch (error) {
    // The queries still in flight end (cancelled) before the error leaves.
    reader.cancel();
    await reader.finish().catch(() => undefined);
    throw error;
  }
  await reader.finish();
  signal.throwIfAborted();
  return { realigned: listReport.realigned, inexact: listReport.inexact };
}

/**
 * Reads every item of the queue (pages of 1,000 in the default order) and the answers and claim
 * records on their calls (batches of 250 calls, one feedback query each, a few at once while the
 * next page is read), then computes the insights. The pages come from the export's pager
 * (shared/list-pages.ts); between pages and between the computation's steps the browser paints
 * and handles input. `team` is the queue's team settings when they could be read.
 */
export async function loadQueueInsights(options: {
  fetchPage: FetchItems;
  fetchAnswers: FetchCallsFeedback;
  specs: readonly QueueSpec[];
  team?: TeamSettings;
  dayOf: DayOf;
  signal: AbortSignal;
  onProgress?: (progress: InsightsProgress) => void;
}): Promise<LoadedInsights> {
  const { fetchPage, fetchAnswers, specs, team, dayOf, signal, onProgress } = options;
  const items: InsightItem[] = [];
  const answers = new Map<string, AnswersOnCall>();
  const claimRecords = new Map<string, readonly Feedback[]>();
  const report = () => onProgress?.({ items: items.length, answeredCalls: answers.size });
  // A queue without questions has no answers to read: its calls' feedback (and so its claim
  // records) is not read either, and the figures then take every item in progress as in progress.
  const readBatches = specs.length > 0;
  const listReport = await readQueueInBatches({
    fetchPage,
    fetchBatch: fetchAnswers,
    readBatches,
    signal,
    onItems: (fresh) => {
      for (const item of fresh) items.push(toInsightItem(item));
      report();
    },
    onBatch: (found) => {
      for (const [callId, onCall] of found.answers) answers.set(callId, onCall);
      for (const [callId, rows] of found.claimRecords) claimRecords.set(callId, rows);
      report();
    },
  });
  // The computation in steps, the browser's next task between them (input stays responsive).
  const started = performance.now();
  const steps = insightsInSteps(
    { items, specs, answers, team, claimRecords: readBatches ? claimRecords : undefined },
    dayOf,
  );
  let step = measured(() => steps.next());
  while (!step.done) {
    await nextTask();
    signal.throwIfAborted();
    step = measured(() => steps.next());
  }
  return { insights: step.value, ...listReport, loadedAt: Date.now(), computeMs: performance.now() - started };
}
