import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useApiClients } from "@/connection/api-clients";
import { browserStorage } from "@/lib/browser-storage";
import { StepRateMeter } from "../job-page/step-rate";
import { createHealthHints } from "./health-hints";
import { createEventPoller, type EventPoller, type PollerPhase } from "./event-poller";
import { JobEventStore } from "./job-event-store";
import { isFinished } from "./job-summary";
import { writeCachedSummary } from "./summary-cache";
import { documentVisibility } from "./visibility";
import { EVENT_PAGE_LIMIT } from "./event-page-size";

/** About every 1.5 s while a job runs: a new step shows within 1-2 s. */
export const JOB_POLL_MS = 1_500;
/** Re-render at most this often while events stream in: 1,000 pages must not mean 1,000 renders. */
const RENDER_EVERY_MS = 150;

export type JobEventStream = {
  store: JobEventStore;
  /** Changes when the store has new events (throttled). */
  version: number;
  phase: PollerPhase;
  rate: StepRateMeter;
  /** When the service last answered a poll (epoch ms), or null before the first answer. */
  lastAnsweredAt: number | null;
  retry: () => void;
};

/**
 * Every event of a job in a compact store: all pages on open (has_more, EVENT_PAGE_LIMIT per request), then a
 * poll with the `after` cursor while the job runs. Also keeps the jobs list's cached summary fresh.
 * One store per mount: render the caller with `key={jobId}` so another job gets a fresh one.
 */
export function useJobEventStream(jobId: string): JobEventStream {
  const { training } = useApiClients();
  const baseUrl = training.scope.baseUrl;
  const [store] = useState(() => new JobEventStore());
  const [rate] = useState(() => new StepRateMeter());
  const [phase, setPhase] = useState<PollerPhase>({ phase: "loading" });
  const [lastAnsweredAt, setLastAnsweredAt] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const scope = training.scope;
  const poller = useRef<EventPoller | null>(null);
  const version = useThrottledVersion(store, RENDER_EVERY_MS);

  useEffect(() => {
    const area = browserStorage().local;
    const hints = createHealthHints(queryClient, scope);
    const instance = createEventPoller({
      fetchPage: (after, signal) => training.listEvents(jobId, { after, limit: EVENT_PAGE_LIMIT }, { signal }),
      // Resume after what this store already holds (after a settings change, say).
      cursor: store.size > 0 ? store.idAt(store.size - 1) : undefined,
      seenIds: store.lastIds(100),
      intervalMs: JOB_POLL_MS,
      visibility: documentVisibility,
      onEvents: (events) => store.append(events),
      isFinished: () => isFinished(store.summary().state),
      onCaughtUp: (cursor) => {
        rate.record(performance.now(), store.summary().stepsDone);
        setLastAnsweredAt(Date.now());
        writeCachedSummary(area, baseUrl, jobId, {
          summary: store.summary(),
          cursor: cursor ?? null,
          recentIds: store.lastIds(50),
        });
        hints.answered();
      },
      onPhase: (next) => {
        if (next.phase !== "stopped") setPhase(next);
        if (next.phase === "retrying" || next.phase === "failed") hints.failed();
      },
    });
    poller.current = instance;
    instance.start();
    return () => instance.stop();
  }, [training, baseUrl, jobId, store, rate, queryClient, scope]);

  return { store, version, phase, rate, lastAnsweredAt, retry: () => poller.current?.retryNow() };
}

/**
 * The store's version, published at most every `ms`, so a burst of pages renders once. The first
 * change after a quiet spell is published at once (leading edge): the first page of a job's events
 * draws its charts without waiting `ms` (the job page's first chart came 150 ms later for it).
 */
function useThrottledVersion(store: JobEventStore, ms: number): number {
  const [version, setVersion] = useState(store.version);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastPublished = -Infinity;
    const publish = () => {
      lastPublished = performance.now();
      setVersion(store.version);
    };
    const unsubscribe = store.subscribe(() => {
      if (timer !== null) return;
      const wait = lastPublished + ms - performance.now();
      if (wait <= 0) return publish();
      timer = setTimeout(() => {
        timer = null;
        publish();
      }, wait);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [store, ms]);
  return version;
}
