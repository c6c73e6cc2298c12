import { Link } from "react-router-dom";
import { isApiError } from "@/api/errors";
import { Button } from "@/components/button";
import { AlertTriangleIcon, CloseIcon, RefreshIcon } from "@/components/icons";
import { RelativeTime } from "@/components/relative-time";
import { createDataColumnHelper } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import { paths } from "@/lib/paths";
import { progressOf } from "../events/job-summary";
import type { JobSummaryState } from "../events/use-job-summary";
import { JobStateBadge } from "../job-state-badge";
import { formatMetric } from "../metric-format";
import { headlineMetric } from "../metrics";
import { ProgressBar } from "../progress-bar";
import { useRegistryStore } from "../registry/registry-context";
import type { RegistryJob, RegistryModel } from "../registry/registry-schema";
import { ModelLink } from "./model-cell";
import type { JobSortField } from "./jobs-url-state";
import { jobCreatedTime, type Repeat } from "./jobs-view";

/** One job of the list, summarised from its events. */
export type JobTableRow = {
  job: RegistryJob;
  model: RegistryModel | undefined;
  /** Read by the table for every job (the filters and sorts need them all), passed down. */
  read: JobSummaryState;
  repeat: Repeat | undefined;
};

const KIND_LABEL = { rl: "RL", sft: "SFT" } as const;
const NONE = <span className="text-xs text-fg-muted">—</span>;

/** Before its first event the job is still being read; a failed read says why. */
export function readState({ summary, phase }: JobSummaryState) {
  const loading = phase.phase === "loading" && summary.eventCount === 0;
  const problem = phase.phase === "failed" || phase.phase === "retrying" ? phase.error : null;
  return { loading, problem };
}

function JobCell({ job, read, repeat }: JobTableRow) {
  const { summary } = read;
  const { loading, problem } = readState(read);
  return (
    <>
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
    </>
  );
}

function StateCell({ job, read }: JobTableRow) {
  const { summary, retry } = read;
  const { loading, problem } = readState(read);
  if (problem) {
    return (
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
    );
  }
  if (loading) return <span className="text-xs text-fg-muted">Reading events…</span>;
  return (
    <div className="space-y-1">
      <JobStateBadge state={summary.state} />
      {summary.errorMessage ? (
        <p className="line-clamp-2 max-w-64 text-xs text-red-700 dark:text-red-400" title={summary.errorMessage}>
          {summary.errorMessage}
        </p>
      ) : null}
    </div>
  );
}

function ProgressCell({ job, read: { summary } }: JobTableRow) {
  if (summary.numSequences === null && summary.stepsDone === 0) return NONE;
  return (
    <div className="space-y-1">
      <span className="text-xs text-fg tabular-nums">
        {formatCount(summary.stepsDone)}
        {summary.numSequences !== null ? ` / ${formatCount(summary.numSequences)}` : ""} steps
      </span>
      <ProgressBar value={progressOf(summary)} label={`Progress of ${job.id}`} />
    </div>
  );
}

function LatestCell({ read: { summary } }: JobTableRow) {
  const headline = headlineMetric(summary.latestMetrics);
  if (!headline) return <span className="text-fg-muted">—</span>;
  return (
    <>
      <span className="text-fg-muted">{headline.name}</span>{" "}
      <span className="font-medium text-fg">{formatMetric(headline.value)}</span>
    </>
  );
}

function ForgetButton({ job }: JobTableRow) {
  const store = useRegistryStore();
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => store.removeJob(job.id)}
      icon={<CloseIcon size={13} />}
      aria-label={`Remove ${job.id} from this browser's list`}
      title="Remove from this list (the job stays on the service)"
    />
  );
}

const helper = createDataColumnHelper<JobTableRow>();

/**
 * The list's columns after the comparison's tick box, in order. Those with a sort field sort the
 * list (the page sorts its rows; the accessors only make the columns sortable).
 */
export const JOB_COLUMNS = helper.columns([
  // The job's id: kept in view on a phone, after the tick box.
  helper.display({ id: "job", meta: { label: "Job" }, cell: ({ row }) => <JobCell {...row.original} /> }),
  helper.accessor((row) => row.job.model_id ?? "", {
    id: "model",
    meta: { label: "Model", sortField: "model" satisfies JobSortField, cellClassName: "max-w-48" },
    cell: ({ row: { original } }) => <ModelLink modelId={original.job.model_id} model={original.model} />,
  }),
  helper.display({
    id: "kind",
    meta: { label: "Kind", cellClassName: "text-fg-muted" },
    cell: ({ row: { original } }) => {
      const kind = original.job.kind ?? original.read.summary.kind;
      return kind ? KIND_LABEL[kind] : "—";
    },
  }),
  helper.accessor((row) => row.read.summary.state, {
    id: "state",
    meta: { label: "State", sortField: "state" satisfies JobSortField },
    cell: ({ row }) => <StateCell {...row.original} />,
  }),
  helper.accessor((row) => row.read.summary.stepsDone, {
    id: "progress",
    meta: { label: "Progress", sortField: "progress" satisfies JobSortField, cellClassName: "w-44" },
    cell: ({ row }) => <ProgressCell {...row.original} />,
  }),
  helper.display({
    id: "latest",
    meta: { label: "Latest", cellClassName: "text-xs tabular-nums" },
    cell: ({ row }) => <LatestCell {...row.original} />,
  }),
  helper.accessor((row) => jobCreatedTime(row.job), {
    id: "created",
    meta: {
      label: "Created",
      sortField: "created" satisfies JobSortField,
      cellClassName: "text-xs whitespace-nowrap text-fg-muted",
    },
    cell: ({ row: { original } }) => (
      <>
        <RelativeTime value={jobCreatedTime(original.job)} />
        {/* Without a creation time, a job created elsewhere is dated when it joined this list. */}
        {original.job.created_at || original.job.source === "created" ? null : (
          <span className="block text-[11px]">added here</span>
        )}
      </>
    ),
  }),
  helper.display({
    id: "actions",
    meta: { label: "Actions", cellClassName: "text-right", header: <span className="sr-only">Actions</span> },
    cell: ({ row }) => <ForgetButton {...row.original} />,
  }),
]);
