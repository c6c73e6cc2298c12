import { useEffect, useRef } from "react";
import type { JobState } from "../events/job-summary";
import type { RegistryStore } from "../registry/registry-store";

/**
 * Records in the registry when this page saw the job start and finish. The events carry no
 * times, so only a change seen live counts: the state the first full read found is history (a
 * job that had already started when the page opened has no start time, rather than a wrong one).
 */
export function useSeenTimes(
  store: RegistryStore,
  jobId: string,
  state: JobState,
  caughtUp: boolean,
  known: boolean,
): void {
  const firstState = useRef<JobState | null>(null);
  useEffect(() => {
    if (!caughtUp || !known) return;
    if (firstState.current === null) {
      firstState.current = state;
      return;
    }
    const now = new Date().toISOString();
    const job = store.getSnapshot().jobs.find((j) => j.id === jobId);
    if (!job) return;
    const startedLive = firstState.current === "queued" && state !== "queued";
    const finishedLive =
      firstState.current !== "succeeded" &&
      firstState.current !== "failed" &&
      (state === "succeeded" || state === "failed");
    if (startedLive && !job.seen_started_at) store.upsertJob({ id: jobId, seen_started_at: now });
    if (finishedLive && !job.seen_finished_at) store.upsertJob({ id: jobId, seen_finished_at: now });
  }, [store, jobId, state, caughtUp, known]);
}
