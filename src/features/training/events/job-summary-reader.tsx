import { memo, useEffect } from "react";
import { useJobSummary, type JobSummaryState } from "./use-job-summary";

/**
 * Reads one job's summary (polling while it runs) and hands it to its parent; renders nothing.
 * One per job, so a page can follow a list of jobs whose length changes.
 */
export const JobSummaryReader = memo(function JobSummaryReader({
  jobId,
  onRead,
}: {
  jobId: string;
  onRead: (jobId: string, read: JobSummaryState) => void;
}) {
  const read = useJobSummary(jobId);
  const { summary, phase, retry } = read;
  useEffect(() => onRead(jobId, { summary, phase, retry }), [jobId, onRead, summary, phase, retry]);
  return null;
});
