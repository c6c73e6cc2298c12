import { HeaderCell, RowHeaderCell, STICKY_FIRST_COLUMN, Table, TableHead, BodyRow, Cell } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import type { Fact } from "../facts/job-facts";

/**
 * The compared jobs' facts side by side: a row per fact, a column per job. On a narrow screen the
 * jobs scroll sideways under the facts' names; the frame takes the keyboard's focus to scroll.
 */
export function FactsTable({ jobs }: { jobs: readonly { jobId: string; facts: readonly Fact[] }[] }) {
  const rows = jobs[0]?.facts.map((fact) => ({ key: fact.key, label: fact.label })) ?? [];
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
                    {fact?.value ?? fact?.unknown ?? "not known"}
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
