import { useEffect } from "react";
import { useJobEventStream, type JobEventStream } from "../events/use-job-event-stream";

export type StreamSnapshot = Pick<JobEventStream, "store" | "version" | "phase" | "retry" | "lastAnsweredAt">;

/**
 * Reads one compared job's events (all pages, then polls while it runs) and hands its stream up.
 * Renders nothing: a component per job, since each job's reading is a hook of its own.
 */
export function JobStreamSource({ jobId, onChange }: { jobId: string; onChange: (jobId: string, stream: StreamSnapshot) => void }) {
  const { store, version, phase, retry, lastAnsweredAt } = useJobEventStream(jobId);
  useEffect(() => {
    onChange(jobId, { store, version, phase, retry, lastAnsweredAt });
    // retry is a new function each render; the rest mark a change.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, store, version, phase, lastAnsweredAt, onChange]);
  return null;
}
