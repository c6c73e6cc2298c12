import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { isApiError } from "@/api/errors";
import { useApiClients } from "@/connection/api-clients";
import { browserStorage } from "@/lib/browser-storage";
import { createHealthHints } from "./health-hints";
import { createEventPoller, type EventPoller, type PollerPhase } from "./event-poller";
import { applyEventInPlace, copySummary, EMPTY_SUMMARY, isFinished, type JobSummary } from "./job-summary";
import { forgetCachedSummary, readCachedSummary, writeCachedSummary } from "./summary-cache";
import { documentVisibility } from "./visibility";

/** The jobs list polls less often than a job page: it shows a summary, not a chart. */
export const LIST_POLL_MS = 3_000;
const RECENT_IDS = 50;

export type JobSummaryState = { summary: JobSummary; phase: PollerPhase; retry: () => void };

/**
 * A job's summary for the jobs list (render it with `key={jobId}`, under one service's registry). Starts from the cached summary: a finished job makes no
 * request at all, a running one reads only the events after the cached cursor and then polls
 * until it finishes. A cursor the service no longer knows (its data was reset) starts over.
 */
export function useJobSummary(jobId: string): JobSummaryState {
  const { training } = useApiClients();
  const [attempt, setAttempt] = useState(0);
  // A cached finished summary is all there is to know: it is the state, and no poller starts.
  const [state, setState] = useState<{ summary: JobSummary; phase: PollerPhase }>(() =>
    initialState(training.scope.baseUrl, jobId),
  );
  const poller = useRef<EventPoller | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    const area = browserStorage().local;
    const hints = createHealthHints(queryClient, training.scope);
    const baseUrl = training.scope.baseUrl;
    // After the service rejected the cached cursor (attempt > 0), read the job from its first event.
    const cached = attempt === 0 ? readCachedSummary(area, baseUrl, jobId) : null;
    if (cached && isFinished(cached.summary.state)) return;
    const draft = copySummary(cached?.summary ?? EMPTY_SUMMARY);
    let recent = [...(cached?.recentIds ?? [])];
    const instance = createEventPoller({
      fetchPage: (after, signal) => training.listEvents(jobId, { after, limit: 100 }, { signal }),
      cursor: cached?.cursor ?? undefined,
      seenIds: recent,
      intervalMs: LIST_POLL_MS,
      visibility: documentVisibility,
      onEvents: (events) => {
        for (const event of events) applyEventInPlace(draft, event);
        recent = [...recent, ...events.map((e) => e.id)].slice(-RECENT_IDS);
      },
      isFinished: () => isFinished(draft.state),
      onCaughtUp: (cursor) => {
        writeCachedSummary(area, baseUrl, jobId, { summary: draft, cursor: cursor ?? null, recentIds: recent });
        hints.answered();
        setState((s) => ({ ...s, summary: copySummary(draft) }));
      },
      onPhase: (phase) => {
        if (phase.phase === "stopped") return;
        if (phase.phase === "retrying") hints.failed();
        if (
          phase.phase === "failed" &&
          cached?.cursor &&
          isApiError(phase.error) &&
          phase.error.kind === "bad_request"
        ) {
          // The cached cursor is not an event of this job any more: read the job from the start.
          forgetCachedSummary(area, baseUrl, jobId);
          setAttempt((n) => n + 1);
          return;
        }
        setState((s) => ({ ...s, phase }));
      },
    });
    poller.current = instance;
    instance.start();
    return () => instance.stop();
  }, [training, jobId, attempt, queryClient]);

  return { ...state, retry: () => poller.current?.retryNow() };
}

function initialState(baseUrl: string, jobId: string): { summary: JobSummary; phase: PollerPhase } {
  const cached = readCachedSummary(browserStorage().local, baseUrl, jobId);
  if (!cached) return { summary: EMPTY_SUMMARY, phase: { phase: "loading" } };
  return {
    summary: cached.summary,
    phase: isFinished(cached.summary.state) ? { phase: "finished" } : { phase: "loading" },
  };
}
