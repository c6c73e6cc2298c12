import { useEffect, useMemo } from "react";
import type { ValidationPoints } from "../charts/validation-series";
import { useJobEventStream, type JobEventStream } from "../events/use-job-event-stream";
import { useJobValidation } from "../validation/use-validation-logs";
import { byJobStep } from "../validation/validation-points";

export type StreamSnapshot = Pick<JobEventStream, "store" | "version" | "phase" | "retry" | "lastAnsweredAt"> & {
  /** Metrics logged with split `val` by job step (as the charts' x), read as the job page does; empty until read. */
  validation: ReadonlyMap<string, ValidationPoints>;
};

const NONE: ReadonlyMap<string, ValidationPoints> = new Map();

/**
 * Reads one compared job's events (all pages, then polls while it runs) and its model's
 * validation logs, and hands them up. Renders nothing: a component per job, since each job's
 * reading is a hook of its own.
 */
export function JobStreamSource({
  jobId,
  modelId,
  onChange,
}: {
  jobId: string;
  modelId: string | undefined;
  onChange: (jobId: string, stream: StreamSnapshot) => void;
}) {
  const { store, version, phase, retry, lastAnsweredAt } = useJobEventStream(jobId);
  const summary = store.summary();
  const running = summary.state === "running" || summary.state === "queued";
  const byModelStep = useJobValidation(modelId, summary.firstStep, summary.lastStep, running);
  const validation = useMemo(
    () => (byModelStep ? byJobStep(byModelStep, summary.firstStep) : NONE),
    [byModelStep, summary.firstStep],
  );
  useEffect(() => {
    onChange(jobId, { store, version, phase, retry, lastAnsweredAt, validation });
    // retry is a new function each render; the rest mark a change.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, store, version, phase, lastAnsweredAt, validation, onChange]);
  return null;
}
