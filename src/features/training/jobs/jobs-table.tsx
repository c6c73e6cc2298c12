import { useCallback, useMemo, useState } from "react";
import {
  BodyRow,
  DataTable,
  DataTableCells,
  DataTableEmptyBody,
  STICKY_AFTER_TICK,
  STICKY_BACKGROUND,
  TableFrame,
  useDataTable,
} from "@/components/table";
import { UrlIssuesNotice } from "@/components/url-issues-notice";
import { cn } from "@/lib/cn";
import type { SortKey } from "@/lib/url-state/sort-param";
import { useUrlTable } from "@/lib/url-state/use-url-table";
import { EMPTY_SUMMARY } from "../events/job-summary";
import { JobSummaryReader } from "../events/job-summary-reader";
import type { JobSummaryState } from "../events/use-job-summary";
import type { Registry } from "../registry/registry-schema";
import { COMPARE_HEADER, CompareBar, CompareCheckboxCell } from "./compare-selection";
import { JOB_COLUMNS, readState, type JobTableRow } from "./jobs-columns";
import { JobsToolbar } from "./jobs-toolbar";
import { JOBS_URL_CODEC, nextJobSort, type JobSortField } from "./jobs-url-state";
import { filterJobs, modelsOfJobs, repeatsOnModel, sortJobs, type JobListEntry } from "./jobs-view";

const LOADING: JobSummaryState = { summary: EMPTY_SUMMARY, phase: { phase: "loading" }, retry: () => undefined };
/** The tick box column's width: STICKY_TICK_COLUMN's, where the sticky column after it starts. */
const TICK_WIDTH = 40;
const FIRST_CELL = cn(STICKY_AFTER_TICK, STICKY_BACKGROUND.cell);
const getRowId = (row: JobTableRow) => row.job.id;

/**
 * Every job this browser knows, searched, filtered and sorted as the URL says. Each job's
 * summary is read for every job, shown or not, since the state filter and the sorts need them all.
 */
export function JobsTable({ registry }: { registry: Registry }) {
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
  const rows = useMemo<JobTableRow[]>(
    () =>
      shown.map(({ job, model }) => ({ job, model, read: reads.get(job.id) ?? LOADING, repeat: repeats.get(job.id) })),
    [shown, reads, repeats],
  );
  const search = useCallback((q: string) => update({ q }, { typing: "q" }), [update]);
  // Jobs ticked for a comparison, in the order ticked (the comparison's colours follow it).
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (jobId: string) =>
    setSelected((current) => (current.includes(jobId) ? current.filter((id) => id !== jobId) : [...current, jobId]));
  const sort = useMemo(() => [view.sort], [view.sort]);
  // The header says which column was activated; the list's own rule picks the direction.
  const onSortChange = useCallback(
    (keys: SortKey<string>[]) => {
      const field = keys[0]?.field as JobSortField | undefined;
      if (field) update({ sort: nextJobSort(view.sort, field) });
    },
    [update, view.sort],
  );
  const table = useDataTable({ columns: JOB_COLUMNS, data: rows, getRowId, sort, onSortChange });

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
        <DataTable
          table={table}
          caption="Training jobs this browser created or opened"
          stickyFirst="after-tick"
          leading={{ width: TICK_WIDTH, header: COMPARE_HEADER }}
          sortHint="Activate to sort by this column; again to reverse."
        >
          {rows.length === 0 ? (
            <DataTableEmptyBody colSpan={JOB_COLUMNS.length + 1} placeholderRows={0} rowHeight={0}>
              No job matches these filters.
            </DataTableEmptyBody>
          ) : (
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <BodyRow key={row.id}>
                  <CompareCheckboxCell jobId={row.id} selected={selected} onToggle={toggle} />
                  <DataTableCells row={row} className="align-top" first={FIRST_CELL} />
                </BodyRow>
              ))}
            </tbody>
          )}
        </DataTable>
      </TableFrame>
    </div>
  );
}

/** A summary counts once its events (or a cached summary) are read; before, the job matches no state. */
function readSummary(read: JobSummaryState | undefined) {
  if (!read) return null;
  return readState(read).loading ? null : read.summary;
}
