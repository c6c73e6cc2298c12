import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { isApiError } from "@/api/errors";
import { Button } from "@/components/button";
import { AlertTriangleIcon, CloseIcon, RefreshIcon } from "@/components/icons";
import { RelativeTime } from "@/components/relative-time";
import { progressOf } from "../events/job-summary";
import type { JobSummaryState } from "../events/use-job-summary";
import { formatMetric } from "../metric-format";
import { formatCount } from "@/lib/number-format";
import { JobStateBadge } from "../job-state-badge";
import { headlineMetric } from "../metrics";
import { ProgressBar } from "../progress-bar";
import type { RegistryJob, RegistryModel } from "../registry/registry-schema";
import { ModelLink } from "./model-cell";
import { UntrustedText } from "@/components/untrusted-text";
import { BodyRow, Cell, STICKY_AFTER_TICK, STICKY_BACKGROUND } from "@/components/table";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { jobCreatedTime, type Repeat } from "./jobs-view";

const KIND_LABEL = { rl: "RL", sft: "SFT" } as const;

type JobRowProps = {
  job: RegistryJob;
  model: RegistryModel | undefined;
  /** Read by the table for every job (the filters and sorts need them all), passed down. */
  read: JobSummaryState;
  repeat: Repeat | undefined;
  onForget: () => void;
  /** A cell before the job's own: the comparison's tick box. */
  leading?: ReactNode;
};

/** One job of the list, summarised from its events. */
export function JobRow({ job, model, read, repeat, onForget, leading }: JobRowProps) {
  const { summary, phase, retry } = read;
  const kind = job.kind ?? summary.kind;
  const progress = progressOf(summary);
  const headline = headlineMetric(summary.latestMetrics);
  const loading = phase.phase === "loading" && summary.eventCount === 0;
  const problem = phase.phase === "failed" || phase.phase === "retrying" ? phase.error : null;

  return (
    <BodyRow>
      {leading}
      {/* The job's id stays in view on a phone while the other columns scroll under it. */}
      <Cell className={cn(STICKY_AFTER_TICK, STICKY_BACKGROUND.cell, "align-top")}>
        <Link to={paths.trainingJob(job.id)} className="font-mono text-xs font-medium text-link hover:underline">
          <UntrustedText text={job.id} />
        </Link>
        {repeat ? (
          <span
            className="mt-0.5 block text-xs whitespace-nowrap text-fg-muted"
            title={`Job ${repeat.index} of the ${repeat.of} in this list that train this model, oldest first`}
          >
            #{repeat.index} on this model
          </span>
        ) : null}
        {/* On a phone the State and Progress columns are off to the side: the row says them here too. */}
        {loading || problem ? null : (
          <span aria-hidden="true" className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 md:hidden">
            <JobStateBadge state={summary.state} />
            {summary.numSequences !== null ? (
              <span className="text-xs whitespace-nowrap text-fg-muted tabular-nums">
                {formatCount(summary.stepsDone)} / {formatCount(summary.numSequences)} steps
              </span>
            ) : null}
          </span>
        )}
      </Cell>
      <Cell className="max-w-48 align-top">
        <ModelLink modelId={job.model_id} model={model} />
      </Cell>
      <Cell className="align-top text-fg-muted">{kind ? KIND_LABEL[kind] : "—"}</Cell>
      <Cell className="align-top">
        {problem ? (
          <span className="flex items-start gap-1 text-xs text-red-700 dark:text-red-400">
            <AlertTriangleIcon size={14} className="mt-px shrink-0" />
            <span>
              {isApiError(problem) && problem.kind === "not_found"
                ? "Not found on this service"
                : isApiError(problem)
                  ? problem.message
                  : "Could not read events"}
            </span>
            <Button
              size="sm"
              variant="ghost"
              onClick={retry}
              icon={<RefreshIcon size={12} />}
              aria-label={`Retry reading job ${job.id}`}
            />
          </span>
        ) : loading ? (
          <span className="text-xs text-fg-muted">Reading events…</span>
        ) : (
          <div className="space-y-1">
            <JobStateBadge state={summary.state} />
            {summary.errorMessage ? (
              <p className="line-clamp-2 max-w-64 text-xs text-red-700 dark:text-red-400" title={summary.errorMessage}>
                {summary.errorMessage}
              </p>
            ) : null}
          </div>
        )}
      </Cell>
      <Cell className="w-44 align-top">
        {summary.numSequences !== null || summary.stepsDone > 0 ? (
          <div className="space-y-1">
            <span className="text-xs text-fg tabular-nums">
              {formatCount(summary.stepsDone)}
              {summary.numSequences !== null ? ` / ${formatCount(summary.numSequences)}` : ""} steps
            </span>
            <ProgressBar value={progress} label={`Progress of ${job.id}`} />
          </div>
        ) : (
          <span className="text-xs text-fg-muted">—</span>
        )}
      </Cell>
      <Cell className="align-top text-xs tabular-nums">
        {headline ? (
          <>
            <span className="text-fg-muted">{headline.name}</span>{" "}
            <span className="font-medium text-fg">{formatMetric(headline.value)}</span>
          </>
        ) : (
          <span className="text-fg-muted">—</span>
        )}
      </Cell>
      <Cell className="align-top text-xs whitespace-nowrap text-fg-muted">
        <RelativeTime value={jobCreatedTime(job)} />
        {/* Without a creation time, a job created elsewhere is dated when it joined this list. */}
        {job.created_at || job.source === "created" ? null : <span className="block text-[11px]">added here</span>}
      </Cell>
      <Cell align="right" className="align-top">
        <Button
          size="sm"
          variant="ghost"
          onClick={onForget}
          icon={<CloseIcon size={13} />}
          aria-label={`Remove ${job.id} from this browser's list`}
          title="Remove from this list (the job stays on the service)"
        />
      </Cell>
    </BodyRow>
  );
}
