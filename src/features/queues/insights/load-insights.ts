import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import type { AnswersOnCall } from "../shared/call-answers";
import { ANSWERS_BATCH, nextTask, readWholeList, type FetchItems, type ListReadReport } from "../shared/list-pages";
import type { TeamSettings } from "../team/team-settings";
import { insightsInSteps, type QueueInsights } from "./compute-insights";
import type { DayOf } from "./day-buckets";
import { distributionFolder, type AnswerDistribution } from "./answer-distributions";
import type { CallsFeedback, FetchCallsFeedback } from "./insights-fetchers";
import { readListInParallel, type ReadPages } from "./parallel-list-read";
import { INSIGHTS_CALLS_PER_QUERY } from "./answer-rows-query";
import { requestSlots } from "./request-slots";
import { toInsightItem, type InsightItem } from "./insights-input";
import { throttledReport } from "./throttled-report";
import type { QueueSpec } from "@/api/annotation-specs";

export type InsightsProgress = {
  items: number;
  answeredCalls: number;
  /** The queue's item count when the read started (its stats), when known: "read N of M". */
  expectedItems?: number;
  /** The answers read so far, per question (Insights only). */
  distributions?: AnswerDistribution[];
};

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
 * At most one progress report (and so one re-render of the figures so far) per this many
 * milliseconds: a read of 10,000 items has about twenty batches, most of them arriving together.
 */
export const PROGRESS_INTERVAL_MS = 100;

/** Requests in flight at once while Insights reads a queue: pages of items and the answers on them together. */
export const INSIGHTS_REQUESTS_IN_FLIGHT = 4;

/**
 * What a read has got so far, kept by the caller across attempts: a retry after a failed request
 * reads only what is missing (pages of items by number, the answers on each page's calls).
 */
export type InsightsReadState = { pages: ReadPages; answers: Map<string, CallsFeedback> };

export const emptyReadState = (): InsightsReadState => ({ pages: new Map(), answers: new Map() });

/**
 * Reads every item of the queue (pages of 1,000 in the default order, several at once) and, for
 * each page as it is put in order, the answers and claim records on its calls (one narrowed
 * feedback query), INSIGHTS_REQUESTS_IN_FLIGHT requests at a time, answers first. Each batch of
 * answers is folded into the distributions as it arrives and reported with the progress, so the
 * page shows them filling in; the other figures are computed once everything is read, in steps
 * with the browser's next task between them. `expectedItems` (the queue's stats) plans the pages;
 * `state` keeps what was read for a retry. `team` is the queue's team settings when they could be read.
 */
export async function loadQueueInsights(options: {
  fetchPage: FetchItems;
  fetchAnswers: FetchCallsFeedback;
  specs: readonly QueueSpec[];
  team?: TeamSettings;
  dayOf: DayOf;
  signal: AbortSignal;
  onProgress?: (progress: InsightsProgress) => void;
  expectedItems?: number;
  state?: InsightsReadState;
}): Promise<LoadedInsights> {
  const { fetchPage, fetchAnswers, specs, team, dayOf, onProgress, expectedItems = 0 } = options;
  const state = options.state ?? emptyReadState();
  // The first failure stops the other requests of this read (what they read stays in `state`).
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal.reason);
  options.signal.addEventListener("abort", stop, { once: true });
  const signal = controller.signal;
  const slots = requestSlots(INSIGHTS_REQUESTS_IN_FLIGHT);
  const items: InsightItem[] = [];
  const answers = new Map<string, AnswersOnCall>();
  const claimRecords = new Map<string, readonly Feedback[]>();
  const folder = distributionFolder(specs);
  // The distributions are binned only when reported, not after every batch.
  const progress = throttledReport(
    () =>
      onProgress?.({
        items: items.length,
        answeredCalls: answers.size,
        expectedItems: expectedItems > 0 ? expectedItems : undefined,
        distributions: specs.length > 0 ? folder.figures() : undefined,
      }),
    PROGRESS_INTERVAL_MS,
  );
  const report = () => progress.request();
  const fold = (found: CallsFeedback) => {
    for (const [callId, onCall] of found.answers) {
      if (answers.has(callId)) continue;
      answers.set(callId, onCall);
      folder.add(onCall);
    }
    for (const [callId, rows] of found.claimRecords) claimRecords.set(callId, rows);
  };
  // A queue without questions has no answers to read: its calls' feedback (and so its claim
  // records) is not read either, and the figures then take every item in progress as in progress.
  const readBatches = specs.length > 0;
  const answerReads: Promise<void>[] = [];
  // The first failed request is what the read fails with, not the cancellations it causes.
  const failures: unknown[] = [];
  let listReport: ListReadReport;
  try {
    listReport = await readListInParallel({
      fetchPage,
      slots,
      expectedRows: expectedItems,
      done: state.pages,
      signal,
      onRows: (fresh, page) => {
        for (const item of fresh) items.push(toInsightItem(item));
        if (readBatches) {
          const callIds = [...new Set(fresh.map((item) => item.call_id))];
          for (let start = 0; start < callIds.length; start += INSIGHTS_CALLS_PER_QUERY) {
            const key = `${page}:${start}`;
            const batch = callIds.slice(start, start + INSIGHTS_CALLS_PER_QUERY);
            const known = state.answers.get(key);
            const read = known
              ? Promise.resolve(known)
              : slots(() => fetchAnswers(batch, signal), signal, true).then((found) => {
                  state.answers.set(key, found);
                  return found;
                });
            const folded = read.then((found) => {
              fold(found);
              report();
            });
            folded.catch((error: unknown) => {
              if (failures.length === 0) failures.push(error);
              controller.abort();
            });
            answerReads.push(folded);
          }
        }
        report();
      },
    });
    await Promise.all(answerReads);
    progress.flush();
  } catch (error) {
    progress.cancel();
    controller.abort();
    await Promise.allSettled(answerReads);
    throw options.signal.aborted ? options.signal.reason : failures.length > 0 ? failures[0] : error;
  } finally {
    options.signal.removeEventListener("abort", stop);
  }
  // The computation in steps, the browser's next task between them (input stays responsive).
  const started = performance.now();
  const steps = insightsInSteps(
    {
      items,
      specs,
      answers,
      team,
      claimRecords: readBatches ? claimRecords : undefined,
      distributions: readBatches ? folder.figures() : undefined,
    },
    dayOf,
  );
  let step = measured(() => steps.next());
  while (!step.done) {
    await nextTask();
    options.signal.throwIfAborted();
    step = measured(() => steps.next());
  }
  return {
    insights: step.value,
    realigned: listReport.realigned,
    inexact: listReport.inexact,
    loadedAt: Date.now(),
    computeMs: performance.now() - started,
  };
}
