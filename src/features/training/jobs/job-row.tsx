import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { isApiError } from "@/api/errors";
import { Button } from "@/components/button";
import { AlertTriangleIcon, CloseIcon, RefreshIcon } from "@/components/icons";
import { RelativeTime } from "@/components/relative-time";
import { progressOf } from "../events/job-summary";
import { useJobSummary } from "../events/use-job-summary";
import { formatMetric } from "../format";
import { formatCount } from "@/lib/format";
import { JobStateBadge } from "../job-state-badge";
import { headlineMetric } from "../metrics";
import { ProgressBar } from "../progress-bar";
import type { RegistryJob, RegistryModel } from "../registry/registry-schema";
import { ModelLink } from "./model-cell";
import { UntrustedText } from "@/components/untrusted-text";
import { BodyRow, Cell } from "@/components/table";
import { paths } from "@/lib/paths";

const KIND_LABEL = { rl: "RL", sft: "SFT" } as const;

/** One job of the list, summarised from its events; polls only while it runs. */
export function JobRow({ job, model, onForget, leading }: { job: RegistryJob; model: RegistryModel | undefined; onForget: () => void; leading?: ReactNode }) {
  const { summary, phase, retry } = useJobSummary(job.id);
  const kind = job.kind ?? summary.kind;
  const progress = progressOf(summary);
  const headline = headlineMetric(summary.latestMetrics);
  const loading = phase.phase === "loading" && summary.eventCount === 0;
  const problem = phase.phase === "failed" || phase.phase === "retrying" ? phase.error : null;

  return (
    <BodyRow>
      {leading}
      <Cell className="align-top">
        <Link to={paths.trainingJob(job.id)} className="font-mono text-xs font-medium text-link hover:underline">
          <UntrustedText text={job.id} />
        </Link>
      </Cell>
      <Cell className="max-w-48 align-top">
        <ModelLink modelId={job.model_id} model={model} />
      </Cell>
      <Cell className="align-top text-fg-muted">{kind ? KIND_LABEL[kind] : "—"}</Cell>
      <Cell className="align-top">
        {problem ? (
          <span className="flex items-start gap-1 text-xs text-red-700 dark:text-red-400">
            <AlertTriangleIcon size={14} className="mt-px shrink-0" />
            <span>{isApiError(problem) && problem.kind === "not_found" ? "Not found on this service" : isApiError(problem) ? problem.message : "Could not read events"}</span>
            <Button size="sm" variant="ghost" onClick={retry} icon={<RefreshIcon size={12} />} aria-label={`Retry reading job ${job.id}`} />
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
            <span className="text-fg-muted">{headline.name}</span> <span className="font-medium text-fg">{formatMetric(headline.value)}</span>
          </>
        ) : (
          <span className="text-fg-muted">—</span>
        )}
      </Cell>
      <Cell className="align-top text-xs text-fg-muted">
        <RelativeTime value={job.added_at} />
      </Cell>
      <Cell align="right" className="align-top">
        <Button size="sm" variant="ghost" onClick={onForget} icon={<CloseIcon size={13} />} aria-label={`Remove ${job.id} from this browser's list`} title="Remove from this list (the job stays on the service)" />
      </Cell>
    </BodyRow>
  );
}
