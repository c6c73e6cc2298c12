import { HeaderCell, RowHeaderCell, Table, TableFrame, TableHead, BodyRow, Cell } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import type { Fact } from "../facts/job-facts";

/** The compared jobs' facts side by side: a row per fact, a column per job. */
export function FactsTable({ jobs }: { jobs: readonly { jobId: string; facts: readonly Fact[] }[] }) {
  const rows = jobs[0]?.facts.map((fact) => ({ key: fact.key, label: fact.label })) ?? [];
  return (
    <TableFrame>
      <Table caption="Facts of the compared jobs, side by side" density="compact">
        <TableHead>
          <HeaderCell scope="col">Fact</HeaderCell>
          {jobs.map((job) => (
            <HeaderCell key={job.jobId} scope="col" className="font-mono">
              <UntrustedText text={job.jobId} />
            </HeaderCell>
          ))}
        </TableHead>
        <tbody>
          {rows.map((row) => (
            <BodyRow key={row.key}>
              <RowHeaderCell className="text-xs font-medium whitespace-nowrap text-fg-muted">{row.label}</RowHeaderCell>
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
    </TableFrame>
  );
}
