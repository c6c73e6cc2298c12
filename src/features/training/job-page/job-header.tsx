import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { CopyButton } from "@/components/copy-button";
import { AlertTriangleIcon } from "@/components/icons";
import type { JobSummary } from "../events/job-summary";
import { progressOf } from "../events/job-summary";
import { formatMetric, formatPercent } from "../metric-format";
import { formatCount, formatEta } from "@/lib/number-format";
import { JobStateBadge, UnknownStateBadge } from "../job-state-badge";
import { ModelLink } from "../jobs/model-cell";
import { headlineMetric } from "../metrics";
import { ProgressBar } from "../progress-bar";
import type { RegistryJob, RegistryModel } from "../registry/registry-schema";
import { etaMs } from "./step-rate";
import { UntrustedText } from "@/components/untrusted-text";
import { inProject, paths } from "@/lib/paths";

const KIND_LABEL = { rl: "RL (trajectory groups)", sft: "SFT (supervised)" } as const;

/** Who the job is, where it stands, and, while it runs, how fast it goes. */
export function JobHeader({
  jobId,
  job,
  model,
  summary,
  stepsPerMinute,
  unreachableSince,
  modelPicker,
}: {
  jobId: string;
  job: RegistryJob | undefined;
  model: RegistryModel | undefined;
  summary: JobSummary;
  stepsPerMinute: number | null;
  /** When the last poll was answered, while the service cannot be reached now (else null). */
  unreachableSince: number | null;
  modelPicker: ReactNode;
}) {
  const progress = progressOf(summary);
  const kind = job?.kind ?? summary.kind;
  const remaining = summary.numSequences === null ? null : Math.max(0, summary.numSequences - summary.stepsDone);
  // A finished job stays finished; any other state is only as current as the last answer.
  const unknownSince =
    unreachableSince !== null && summary.state !== "succeeded" && summary.state !== "failed" ? unreachableSince : null;
  const measuring = summary.state === "running" && unknownSince === null;
  const eta = measuring && remaining !== null ? etaMs(remaining, stepsPerMinute) : null;
  const headline = headlineMetric(summary.latestMetrics);

  return (
    <header className="space-y-4 border-b border-line pb-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex items-center gap-1 text-lg font-semibold tracking-tight text-fg">
          Job <span className="font-mono text-base">{jobId}</span>
        </h1>
        <CopyButton text={jobId} label="Copy job ID" />
        {/* On its own line on a phone: whether a longer state's label fits beside the ID no longer
            decides, once the events are read, if everything below moves down a line. */}
        <div className="w-full sm:w-auto">
          {unknownSince !== null ? (
            <UnknownStateBadge since={unknownSince} lastSeen={summary.state} />
          ) : (
            <JobStateBadge state={summary.state} />
          )}
        </div>
      </div>
      {job?.origin?.kind === "queue" ? (
        <p className="text-sm text-fg-muted" data-testid="job-origin">
          Trained from the queue{" "}
          <Link
            to={inProject(paths.queue(job.origin.queueId), job.origin.projectId)}
            className="text-link underline underline-offset-2"
          >
            <UntrustedText text={job.origin.queueName} />
          </Link>{" "}
          with the reward from <UntrustedText text={job.origin.rewardSpec.label} className="font-medium text-fg" />{" "}
          (recorded in this browser).
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-4">
        <div className="min-w-0">
          <dt className="text-xs text-fg-muted">Model</dt>
          {/* As tall as a linked model's two lines from the start: the picker or the link replaces
              "Not known" once the models are read. */}
          <dd className="mt-0.5 min-h-9 min-w-0">
            {job?.model_id ? <ModelLink modelId={job.model_id} model={model} /> : modelPicker}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Kind</dt>
          <dd className="mt-0.5 text-fg">{kind ? KIND_LABEL[kind] : "Not known yet"}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">{headline ? `Latest ${headline.name}` : "Latest"}</dt>
          <dd className="mt-0.5 font-medium text-fg tabular-nums">{headline ? formatMetric(headline.value) : "—"}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Speed</dt>
          <dd className="mt-0.5 text-fg tabular-nums">
            {measuring ? (
              stepsPerMinute === null ? (
                <span className="text-fg-muted">measuring…</span>
              ) : (
                <>
                  {stepsPerMinute >= 10 ? formatCount(Math.round(stepsPerMinute)) : formatMetric(stepsPerMinute)}{" "}
                  steps/min{eta !== null ? <span className="text-fg-muted"> · about {formatEta(eta)} left</span> : null}
                </>
              )
            ) : (
              <span className="text-fg-muted">—</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between text-xs">
          <span className="text-fg">
            <span className="font-medium tabular-nums" data-testid="job-steps">
              {formatCount(summary.stepsDone)}
              {summary.numSequences !== null ? ` / ${formatCount(summary.numSequences)}` : ""}
            </span>{" "}
            steps of this job{progress !== null ? ` (${formatPercent(progress)})` : ""}
            <ModelSteps summary={summary} />
          </span>
          {summary.state === "running" ? (
            <span className="text-fg-muted">
              Speed is measured in this browser from when events arrive: the events carry no timestamps.
            </span>
          ) : null}
        </div>
        <ProgressBar value={progress} label="Training progress" />
      </div>
      {summary.state === "failed" ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 dark:border-red-500/30 dark:bg-red-500/10"
        >
          <AlertTriangleIcon size={18} className="mt-0.5 shrink-0 text-red-700 dark:text-red-400" />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-red-900 dark:text-red-200">Training failed</p>
            <p className="mt-0.5 text-sm break-words text-fg" data-testid="job-failure-message">
              {summary.errorMessage}
            </p>
          </div>
        </div>
      ) : null}
    </header>
  );
}

/**
 * Where this job's steps fall in the model's numbering, which the charts' axis shows: a model's
 * steps go on across its jobs, so a second job of 80 steps trains model steps 81-160 while its own
 * progress reads 1-80. Said only when the two differ.
 */
function ModelSteps({ summary }: { summary: JobSummary }) {
  const { firstStep, lastStep, numSequences } = summary;
  if (firstStep === null || lastStep === null || firstStep === 1) return null;
  const end = numSequences !== null ? firstStep + numSequences - 1 : null;
  return (
    <span className="text-fg-muted" data-testid="model-steps">
      {" "}
      · model step {formatCount(lastStep)}
      {end !== null
        ? ` (this job trains model steps ${formatCount(firstStep)}–${formatCount(end)})`
        : ` (this job began at model step ${formatCount(firstStep)})`}
    </span>
  );
}
