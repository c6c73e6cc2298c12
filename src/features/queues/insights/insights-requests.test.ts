import { describe, expect, it } from "vitest";
import type { AnnotationQueueItem } from "@contract/trace";
import type { FetchItems } from "../shared/list-pages";
import { dayInTimeZone } from "./day-buckets";
import type { CallsFeedback, FetchCallsFeedback } from "./insights-fetchers";
import {
  emptyReadState,
  INSIGHTS_REQUESTS_IN_FLIGHT,
  loadQueueInsights,
  PROGRESS_INTERVAL_MS,
  type InsightsProgress,
} from "./load-insights";
import { TEST_QUEUE, testAnswer, testSpec } from "./insights-test-support";

const spec = testSpec("tone", { type: "integer", minimum: 1, maximum: 5 });

const queueOf = (size: number): AnnotationQueueItem[] =>
  Array.from({ length: size }, (_, n) => ({
    id: `item-${String(n).padStart(6, "0")}`,
    project_id: "e/p",
    queue_id: TEST_QUEUE,
    call_id: `call-${n}`,
    call_started_at: "2026-11-20T10:00:00.000Z",
    call_op_name: "op",
    call_trace_id: "t",
    display_fields: [],
    annotation_state: n % 2 === 0 ? "completed" : "unstarted",
    annotator_user_id: n % 2 === 0 ? "ann" : null,
    created_at: "2026-11-20T10:00:00.000Z",
    created_by: "ann",
    updated_at: "2026-11-20T10:00:00.000Z",
  }));

/** The service's side, counted: pages of the list by offset, and one rating per call. */
function countingService(items: readonly AnnotationQueueItem[], failAnswersCall?: number) {
  const counts = { pages: 0, answers: 0, inFlight: 0, mostInFlight: 0, largestBatch: 0 };
  const inFlight = async <T>(run: () => T): Promise<T> => {
    counts.inFlight += 1;
    counts.mostInFlight = Math.max(counts.mostInFlight, counts.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    counts.inFlight -= 1;
    return run();
  };
  const fetchPage: FetchItems = ({ offset, limit }) =>
    inFlight(() => {
      counts.pages += 1;
      return items.slice(offset, offset + limit);
    });
  const fetchAnswers: FetchCallsFeedback = (callIds) =>
    inFlight((): CallsFeedback => {
      counts.answers += 1;
      counts.largestBatch = Math.max(counts.largestBatch, callIds.length);
      if (counts.answers === failAnswersCall) throw new Error("feedback query refused");
      const answers = new Map(callIds.map((id) => [id, { tone: [testAnswer("ann", 1 + (id.length % 5))] }]));
      return { answers, claimRecords: new Map() };
    });
  return { counts, fetchPage, fetchAnswers };
}

const read = (
  service: ReturnType<typeof countingService>,
  expectedItems: number,
  state = emptyReadState(),
  onProgress?: (progress: InsightsProgress) => void,
) =>
  loadQueueInsights({
    fetchPage: service.fetchPage,
    fetchAnswers: service.fetchAnswers,
    specs: [spec],
    dayOf: dayInTimeZone("UTC"),
    signal: new AbortController().signal,
    expectedItems,
    state,
    onProgress,
  });

describe("the requests Insights makes", () => {
  it("reads a 10,000-item queue in 11 pages of items and 10 queries of answers, at most 4 at once", async () => {
    const service = countingService(queueOf(10_000));
    const loaded = await read(service, 10_000);
    expect(loaded.insights.items).toBe(10_000);
    expect(loaded.insights.answeredItems).toBe(10_000);
    expect(loaded.inexact).toBe(false);
    // One page per 1,000 items and the short one that ends the list; one answers query per page.
    expect(service.counts.pages).toBe(11);
    expect(service.counts.answers).toBe(10);
    expect(service.counts.largestBatch).toBe(1000);
    expect(service.counts.mostInFlight).toBeGreaterThan(1);
    expect(service.counts.mostInFlight).toBeLessThanOrEqual(INSIGHTS_REQUESTS_IN_FLIGHT);
  });

  it("reads on past the expected count when the queue grew, and stops early when it shrank", async () => {
    const grown = countingService(queueOf(3_500));
    expect((await read(grown, 2_000)).insights.items).toBe(3_500);
    const shrunk = countingService(queueOf(1_500));
    expect((await read(shrunk, 4_000)).insights.items).toBe(1_500);
  });

  it("after a failed query, a retry reads only what is missing and gets the same figures", async () => {
    const items = queueOf(5_000);
    const failing = countingService(items, 3);
    const state = emptyReadState();
    await expect(read(failing, 5_000, state)).rejects.toThrow("feedback query refused");
    const retry = countingService(items);
    const loaded = await read(retry, 5_000, state);
    const fresh = await read(countingService(items), 5_000);
    expect(retry.counts.pages + retry.counts.answers).toBeLessThan(6 + 5);
    expect(loaded.insights).toEqual({ ...fresh.insights });
  });

  it("reports its progress (and so re-renders the figures so far) at most once per interval, the last with every answer", async () => {
    const service = countingService(queueOf(10_000));
    const reports: InsightsProgress[] = [];
    const started = performance.now();
    await read(service, 10_000, emptyReadState(), (progress) => reports.push(progress));
    const elapsed = performance.now() - started;
    // Each of the 11 pages and 10 answer queries asks for a report: they are folded together.
    expect(reports.length).toBeLessThan(service.counts.pages + service.counts.answers);
    expect(reports.length).toBeLessThanOrEqual(2 + Math.ceil(elapsed / PROGRESS_INTERVAL_MS));
    expect(reports.at(-1)).toMatchObject({ items: 10_000, answeredCalls: 10_000 });
    const bins = reports.at(-1)?.distributions?.[0]?.bins ?? [];
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(10_000);
  });
});
