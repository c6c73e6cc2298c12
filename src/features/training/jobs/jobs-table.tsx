import { useState } from "react";
import type { Registry } from "../registry/registry-schema";
import { CompareBar, CompareCheckboxCell } from "./compare-selection";
import { useRegistryStore } from "../registry/registry-context";
import { JobRow } from "./job-row";
import { HeaderCell, Table, TableFrame, TableHead } from "@/components/table";

const HEADERS = ["Job", "Model", "Kind", "State", "Progress", "Latest", "Added"];

/** Every job this browser knows, newest first. Each row reads its own events. */
export function JobsTable({ registry }: { registry: Registry }) {
  const store = useRegistryStore();
  const models = new Map(registry.models.map((m) => [m.id, m]));
  // Jobs ticked for a comparison, in the order ticked (the comparison's colours follow it).
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (jobId: string) => setSelected((current) => (current.includes(jobId) ? current.filter((id) => id !== jobId) : [...current, jobId]));
  return (
    <div className="space-y-2">
      <CompareBar selected={selected.filter((id) => registry.jobs.some((j) => j.id === id))} onClear={() => setSelected([])} />
      <TableFrame>
        <Table caption="Training jobs this browser created or opened">
          <TableHead>
            <HeaderCell>
              <span className="sr-only">Compare</span>
            </HeaderCell>
            {HEADERS.map((header) => (
              <HeaderCell key={header}>{header}</HeaderCell>
            ))}
            <HeaderCell>
              <span className="sr-only">Actions</span>
            </HeaderCell>
          </TableHead>
          <tbody>
            {registry.jobs.map((job) => (
              <JobRow key={job.id} leading={<CompareCheckboxCell jobId={job.id} selected={selected} onToggle={toggle} />} job={job} model={job.model_id ? models.get(job.model_id) : undefined} onForget={() => store.removeJob(job.id)} />
            ))}
          </tbody>
        </Table>
      </TableFrame>
    </div>
  );
}
