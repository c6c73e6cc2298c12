import { compareTimestamps } from "@contract/common";
import { useCallback, useState } from "react";
import { Link } from "react-router-dom";
import { formatCount } from "@/lib/number-format";
import { paths } from "@/lib/paths";
import { JobSummaryReader } from "../events/job-summary-reader";
import type { JobSummary } from "../events/job-summary";
import type { JobSummaryState } from "../events/use-job-summary";
import type { Registry, RegistryJob } from "../registry/registry-schema";

/** Another job of the same model that this one waits for, as its events say now. */
type Blocker = { id: string; summary: JobSummary };

/** The other jobs of a job's model that this browser knows. */
export function sameModelJobs(job: RegistryJob | undefined, registry: Registry): RegistryJob[] {
  if (!job?.model_id) return [];
  return registry.jobs.filter((other) => other.id !== job.id && other.model_id === job.model_id);
}

/**
 * The job of the same model a queued job waits behind: the service trains one job per model at a
 * time. Read from this browser's list and the jobs' current summaries (the service cannot list
 * jobs), a running one first, else the earliest queued one added before this job.
 */
export function findBlocker(
  job: RegistryJob,
  registry: Registry,
  summaryOf: (jobId: string) => JobSummary | null,
): Blocker | null {
  const seen = sameModelJobs(job, registry).flatMap((other) => {
    const summary = summaryOf(other.id);
    return summary ? [{ id: other.id, summary, addedAt: other.added_at }] : [];
  });
  const running = seen.find((other) => other.summary.state === "running");
  const queuedBefore = seen
    .filter((other) => other.summary.state === "queued" && other.addedAt < job.added_at)
    .sort((a, b) => compareTimestamps(a.addedAt, b.addedAt))[0];
  const blocker = running ?? queuedBefore;
  return blocker ? { id: blocker.id, summary: blocker.summary } : null;
}

/**
 * A summary read from the service just now (and kept current while that job runs); null while it
 * is being read or when the service did not answer. A summary cached by an earlier visit can name
 * a job that has finished since, so it is never used to say why this one waits.
 */
function currentSummary(read: JobSummaryState | undefined): JobSummary | null {
  if (!read) return null;
  const phase = read.phase.phase;
  return phase === "live" || phase === "finished" ? read.summary : null;
}

/**
 * Why a queued job has not started: the job of the same model it waits for when this browser knows
 * it, else the rule that makes jobs wait. Without it "Queued" for a minute reads as a stuck job.
 */
export function QueuedReason({ job, registry }: { job: RegistryJob | undefined; registry: Registry }) {
  const others = sameModelJobs(job, registry);
  const [reads, setReads] = useState<ReadonlyMap<string, JobSummaryState>>(() => new Map());
  const report = useCallback(
    (jobId: string, read: JobSummaryState) => setReads((current) => new Map(current).set(jobId, read)),
    [],
  );
  const blocker = job ? findBlocker(job, registry, (jobId) => currentSummary(reads.get(jobId))) : null;
  return (
    <>
      {others.map((other) => (
        <JobSummaryReader key={other.id} jobId={other.id} onRead={report} />
      ))}
      <p className="rounded-md border border-line bg-subtle/40 px-3 py-2 text-sm text-fg" data-testid="queued-reason">
        {blocker ? (
          <>
            Waiting for job{" "}
            <Link to={paths.trainingJob(blocker.id)} className="font-mono text-link underline underline-offset-2">
              {blocker.id}
            </Link>{" "}
            on the same model ({blocker.summary.state}
            {blocker.summary.numSequences !== null
              ? `, ${formatCount(blocker.summary.stepsDone)} / ${formatCount(blocker.summary.numSequences)} steps`
              : ""}
            ): a model trains one job at a time, so this one starts when that one ends.
          </>
        ) : (
          <>
            Queued: the training service has not started it yet. A model trains one job at a time, so it waits while
            another job of the same model runs{job?.model_id ? " (one started elsewhere, perhaps)" : ""}.
          </>
        )}
      </p>
    </>
  );
}
