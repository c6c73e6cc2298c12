import { startTransition, useMemo, useOptimistic } from "react";
import { Checkbox } from "@/components/checkbox";
import { createDataColumnHelper, DataTable, useDataTable } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import type { Fact } from "../facts/job-facts";

type JobFacts = { jobId: string; facts: readonly Fact[] };

/** What a cell says: the fact, or why it is not known. */
const shownText = (fact: Fact | undefined) => fact?.value ?? fact?.unknown ?? "not known";

/** Whether the jobs' cells of a fact say different things. */
function differs(jobs: readonly JobFacts[], key: Fact["key"]): boolean {
  const texts = new Set(jobs.map((job) => shownText(job.facts.find((f) => f.key === key))));
  return texts.size > 1;
}

/**
 * The compared jobs' facts side by side: a row per fact, a column per job, or only the facts that
 * differ (`onlyDiffering`, kept in the URL). On a narrow screen the jobs scroll sideways under the
 * facts' names; the frame takes the keyboard's focus to scroll.
 */
export function FactsTable({
  jobs,
  onlyDiffering: inUrl,
  onOnlyDiffering,
}: {
  jobs: readonly JobFacts[];
  onlyDiffering: boolean;
  onOnlyDiffering: (on: boolean) => void;
}) {
  // The address changes in a transition (the router's): until it lands, the box shows what was
  // clicked instead of springing back to the address's old value.
  const [onlyDiffering, showOnlyDiffering] = useOptimistic(inUrl);
  const all = jobs[0]?.facts.map((fact) => ({ key: fact.key, label: fact.label })) ?? [];
  const rows = onlyDiffering ? all.filter((row) => differs(jobs, row.key)) : all;
  const toggle = (on: boolean) =>
    startTransition(() => {
      showOnlyDiffering(on);
      onOnlyDiffering(on);
    });
  return (
    <div className="space-y-2">
      <label className="inline-flex items-center gap-1.5 text-sm text-fg">
        <Checkbox checked={onlyDiffering} onCheckedChange={toggle} />
        Only the facts that differ
        {onlyDiffering ? (
          <span className="text-xs text-fg-muted">
            ({rows.length} of {all.length})
          </span>
        ) : null}
      </label>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-4 text-sm text-fg-muted">
          Every fact is the same in these jobs.
        </p>
      ) : (
        <FactsGrid jobs={jobs} rows={rows} />
      )}
    </div>
  );
}

type FactRow = { key: Fact["key"]; label: string };
type JobColumnsRow = FactRow & { byJob: ReadonlyMap<string, Fact | undefined> };
const helper = createDataColumnHelper<JobColumnsRow>();

const FACT_COLUMN = helper.display({
  id: "fact",
  meta: { label: "Fact", rowHeader: true, cellClassName: "text-xs font-medium whitespace-nowrap text-fg-muted" },
  cell: ({ row }) => row.original.label,
});

function FactsGrid({ jobs, rows }: { jobs: readonly JobFacts[]; rows: readonly FactRow[] }) {
  const columns = useMemo(
    () => [
      FACT_COLUMN,
      ...jobs.map((job) =>
        helper.display({
          id: `job:${job.jobId}`,
          meta: {
            label: job.jobId,
            header: <UntrustedText text={job.jobId} />,
            headerClassName: "font-mono",
            cellClassOf: (row: JobColumnsRow) =>
              row.byJob.get(job.jobId)?.value === null
                ? "min-w-40 align-top text-xs text-fg-muted"
                : "min-w-40 align-top font-mono text-xs break-words text-fg",
          },
          cell: ({ row }) => shownText(row.original.byJob.get(job.jobId)),
        }),
      ),
    ],
    [jobs],
  );
  const data = useMemo(
    () =>
      rows.map((row) => ({
        ...row,
        byJob: new Map(jobs.map((job) => [job.jobId, job.facts.find((f) => f.key === row.key)])),
      })),
    [rows, jobs],
  );
  const table = useDataTable({ columns, data, getRowId: (row) => row.key });
  return (
    <section
      // The table kit's frame, as a named region the keyboard can reach to scroll it (axe: scrollable-region-focusable).
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label="Facts side by side (scrolls sideways on a narrow screen)"
      className="relative overflow-x-auto rounded-lg border border-line bg-surface focus-visible:outline-2 focus-visible:outline-focus"
    >
      <DataTable
        table={table}
        stickyFirst="column"
        caption="Facts of the compared jobs, side by side"
        density="compact"
      />
    </section>
  );
}
