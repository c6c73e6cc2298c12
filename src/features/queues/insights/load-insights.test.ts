import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { seedAnnotationSpecs } from "@server/trace/seed/annotation-specs";
import { readQueueSpecs } from "@/api/annotation-specs";
import { createApiClients } from "@/api/clients";
import { isApiError } from "@/api/errors";
import { createLocalServer } from "@/test/local-server";
import type { FetchCallsFeedback } from "./insights-fetchers";
import { dayInTimeZone } from "./day-buckets";
import { insightsFetchers } from "./insights-fetchers";
import { INSIGHTS_REQUESTS_IN_FLIGHT, loadQueueInsights, type InsightsProgress } from "./load-insights";

const PROJECT = "demo/support-bot";

/** A read stopped by its signal: the signal's own reason, or the API client's "aborted" error. */
const isCancellation = (error: unknown) =>
  (typeof error === "object" && error !== null && "name" in error && error.name === "AbortError") ||
  (isApiError(error) && error.kind === "aborted");
const ITEMS = 2_300;

/** A 2,300-item queue (three pages of items, ten batches of calls) with one Tone rating on every item. */
async function setup() {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: ITEMS, name: "Big" });
  const refs = seedAnnotationSpecs(server.db, PROJECT, ["tone"], Date.parse("2026-11-01T00:00:00Z"), "user-demo");
  const callIds = server.db
    .prepare(
      "SELECT i.call_id FROM annotation_queue_items i JOIN annotation_queues q ON q.seq = i.queue_seq WHERE q.id = ? AND i.deleted_at IS NULL",
    )
    .pluck()
    .all(queueId) as string[];
  const insert = server.db.prepare(
    "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  callIds.forEach((callId, i) =>
    insert.run(
      `fb-${i}`,
      PROJECT,
      `weave:///${PROJECT}/call/${callId}`,
      "user-maria",
      "2026-11-20T10:00:00Z",
      "wandb.annotation.tone",
      JSON.stringify({ value: 1 + (i % 5) }),
      refs.tone,
    ),
  );
  const { trace } = createApiClients(server.settings, { fetch: server.fetch });
  const { specs } = await readQueueSpecs(trace, [refs.tone]);
  return { trace, queueId, specs, callIds };
}

describe("loading a queue's insights", () => {
  it("reads every item and every answer, a few feedback queries at a time, and reports its progress", async () => {
    const { trace, queueId, specs } = await setup();
    const fetchers = insightsFetchers(trace, PROJECT, queueId, specs);
    let inFlight = 0;
    let mostInFlight = 0;
    const fetchAnswers: FetchCallsFeedback = async (callIds, signal) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        return await fetchers.fetchAnswers(callIds, signal);
      } finally {
        inFlight -= 1;
      }
    };
    const progress: InsightsProgress[] = [];
    const loaded = await loadQueueInsights({
      fetchPage: fetchers.fetchPage,
      fetchAnswers,
      specs,
      dayOf: dayInTimeZone("UTC"),
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });
    expect(loaded.insights.items).toBe(ITEMS);
    expect(loaded.insights.answeredItems).toBe(ITEMS);
    expect(loaded.insights.distributions[0]!.bins.map((bin) => bin.count)).toEqual([460, 460, 460, 460, 460]);
    expect(mostInFlight).toBeLessThanOrEqual(INSIGHTS_REQUESTS_IN_FLIGHT);
    expect(progress.at(-1)).toMatchObject({ items: ITEMS, answeredCalls: ITEMS });
    // The distributions fill in as batches arrive: the last report's are the figures' own.
    expect(progress.at(-1)?.distributions?.[0]?.bins.map((bin) => bin.count)).toEqual([460, 460, 460, 460, 460]);
    expect(progress.map((p) => p.items)).toEqual(progress.map((p) => p.items).toSorted((a, b) => a - b));
  }, 30_000);

  it("fails with the first failed feedback query and cancels the others in flight", async () => {
    const { trace, queueId, specs } = await setup();
    const fetchers = insightsFetchers(trace, PROJECT, queueId, specs);
    let calls = 0;
    const cancelled: boolean[] = [];
    const fetchAnswers: FetchCallsFeedback = async (callIds, signal) => {
      calls += 1;
      if (calls === 2) throw new Error("feedback query refused");
      const answers = await fetchers.fetchAnswers(callIds, signal).catch((error: unknown) => {
        cancelled.push(signal.aborted);
        throw error;
      });
      return answers;
    };
    await expect(
      loadQueueInsights({
        fetchPage: fetchers.fetchPage,
        fetchAnswers,
        specs,
        dayOf: dayInTimeZone("UTC"),
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow("feedback query refused");
    // No query was started after the failure was known (3 batches in all).
    expect(calls).toBeLessThan(3);
    expect(cancelled.every(Boolean)).toBe(true);
  }, 30_000);

  it("stops when cancelled", async () => {
    const { trace, queueId, specs } = await setup();
    const fetchers = insightsFetchers(trace, PROJECT, queueId, specs);
    const controller = new AbortController();
    const reading = loadQueueInsights({
      ...fetchers,
      specs,
      dayOf: dayInTimeZone("UTC"),
      signal: controller.signal,
      onProgress: (p) => {
        if (p.items >= 1000) controller.abort();
      },
    });
    const error = await reading.catch((caught: unknown) => caught);
    expect(isCancellation(error)).toBe(true);
  }, 30_000);
});
