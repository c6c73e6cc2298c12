import { startTransition, useOptimistic } from "react";
import { HeaderCell, RowHeaderCell, STICKY_FIRST_COLUMN, Table, TableHead, BodyRow, Cell } from "@/components/table";
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
export function FactsTable({ jobs, onlyDiffering: inUrl, onOnlyDiffering }: { jobs: readonly JobFacts[]; onlyDiffering: boolean; onOnlyDiffering: (on: boolean) => void }) {
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
        <input type="checkbox" checked={onlyDiffering} onChange={(event) => toggle(event.target.checked)} className="accent-[var(--ui-accent)]" />
        Only the facts that differ
        {onlyDiffering ? <span className="text-xs text-fg-muted">({rows.length} of {all.length})</span> : null}
      </label>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-4 text-sm text-fg-muted">Every fact is the same in these jobs.</p>
      ) : (
        <FactsGrid jobs={jobs} rows={rows} />
      )}
    </div>
  );
}

function FactsGrid({ jobs, rows }: { jobs: readonly JobFacts[]; rows: readonly { key: Fact["key"]; label: string }[] }) {
  return (
    <section
      // The table kit's frame, as a named region the keyboard can reach to scroll it (axe: scrollable-region-focusable).
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label="Facts side by side (scrolls sideways on a narrow screen)"
      className="relative overflow-x-auto rounded-lg border border-line bg-surface focus-visible:outline-2 focus-visible:outline-focus"
    >
      <Table caption="Facts of the compared jobs, side by side" density="compact">
        <TableHead>
          <HeaderCell scope="col" className={STICKY_FIRST_COLUMN.header}>
            Fact
          </HeaderCell>
          {jobs.map((job) => (
            <HeaderCell key={job.jobId} scope="col" className="font-mono">
              <UntrustedText text={job.jobId} />
            </HeaderCell>
          ))}
        </TableHead>
        <tbody>
          {rows.map((row) => (
            <BodyRow key={row.key}>
              <RowHeaderCell sticky className="text-xs font-medium whitespace-nowrap text-fg-muted">
                {row.label}
              </RowHeaderCell>
              {jobs.map((job) => {
                const fact = job.facts.find((f) => f.key === row.key);
                return (
                  <Cell key={job.jobId} className={fact?.value === null ? "min-w-40 align-top text-xs text-fg-muted" : "min-w-40 align-top font-mono text-xs break-words text-fg"}>
                    {shownText(fact)}
                  </Cell>
                );
              })}
            </BodyRow>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
