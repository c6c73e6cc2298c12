import { useCallback, useMemo, useState } from "react";
import { Table, TableFrame, StateRow } from "@/components/table";
import { UrlIssuesNotice } from "@/components/url-issues-notice";
import { useUrlTable } from "@/lib/url-state/use-url-table";
import { EMPTY_SUMMARY } from "../events/job-summary";
import { JobSummaryReader } from "../events/job-summary-reader";
import type { JobSummaryState } from "../events/use-job-summary";
import type { Registry } from "../registry/registry-schema";
import { CompareBar, CompareCheckboxCell } from "./compare-selection";
import { useRegistryStore } from "../registry/registry-context";
import { JobRow } from "./job-row";
import { JOB_COLUMNS, JobsHeader } from "./jobs-columns";
import { JobsToolbar } from "./jobs-toolbar";
import { JOBS_URL_CODEC, nextJobSort } from "./jobs-url-state";
import { filterJobs, modelsOfJobs, repeatsOnModel, sortJobs, type JobListEntry } from "./jobs-view";

const LOADING: JobSummaryState = { summary: EMPTY_SUMMARY, phase: { phase: "loading" }, retry: () => undefined };

/**
 * Every job this browser knows, searched, filtered and sorted as the URL says. Each job's
 * summary is read for every job, shown or not, since the state filter and the sorts need them all.
 */
export function JobsTable({ registry }: { registry: Registry }) {
  const store = useRegistryStore();
  const { state: view, update, issues, dismissIssues } = useUrlTable(JOBS_URL_CODEC);
  const [reads, setReads] = useState<ReadonlyMap<string, JobSummaryState>>(() => new Map());
  const report = useCallback(
    (jobId: string, read: JobSummaryState) => setReads((current) => new Map(current).set(jobId, read)),
    [],
  );

  const entries = useMemo<JobListEntry[]>(() => {
    const models = new Map(registry.models.map((m) => [m.id, m]));
    return registry.jobs.map((job) => ({
      job,
      model: job.model_id ? models.get(job.model_id) : undefined,
      summary: readSummary(reads.get(job.id)),
    }));
  }, [registry, reads]);
  const repeats = useMemo(() => repeatsOnModel(registry.jobs), [registry.jobs]);
  const shown = useMemo(() => sortJobs(filterJobs(entries, view), view.sort), [entries, view]);
  const search = useCallback((q: string) => update({ q }, { typing: "q" }), [update]);
  // Jobs ticked for a comparison, in the order ticked (the comparison's colours follow it).
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (jobId: string) =>
    setSelected((current) => (current.includes(jobId) ? current.filter((id) => id !== jobId) : [...current, jobId]));

  return (
    <div className="space-y-3">
      {registry.jobs.map((job) => (
        <JobSummaryReader key={job.id} jobId={job.id} onRead={report} />
      ))}
      <UrlIssuesNotice issues={issues} onDismiss={dismissIssues} />
      <CompareBar
        selected={selected.filter((id) => registry.jobs.some((j) => j.id === id))}
        onClear={() => setSelected([])}
      />
      <JobsToolbar
        view={view}
        models={modelsOfJobs(entries)}
        shown={shown.length}
        total={entries.length}
        onSearch={search}
        onChange={(change) => update(change)}
      />
      <TableFrame>
        <Table caption="Training jobs this browser created or opened">
          <JobsHeader sort={view.sort} onSort={(field) => update({ sort: nextJobSort(view.sort, field) })} />
          <tbody>
            {shown.map(({ job, model }) => (
              <JobRow
                key={job.id}
                leading={<CompareCheckboxCell jobId={job.id} selected={selected} onToggle={toggle} />}
                job={job}
                model={model}
                read={reads.get(job.id) ?? LOADING}
                repeat={repeats.get(job.id)}
                onForget={() => store.removeJob(job.id)}
              />
            ))}
            {shown.length === 0 ? (
              <StateRow colSpan={JOB_COLUMNS.length + 2}>No job matches these filters.</StateRow>
            ) : null}
          </tbody>
        </Table>
      </TableFrame>
    </div>
  );
}

/** A summary counts once its events (or a cached summary) are read; before, the job matches no state. */
function readSummary(read: JobSummaryState | undefined) {
  if (!read) return null;
  const unread = read.phase.phase === "loading" && read.summary.eventCount === 0;
  return unread ? null : read.summary;
}
