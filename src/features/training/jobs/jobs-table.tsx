import type { Registry } from "../registry/registry-schema";
import { useRegistryStore } from "../registry/registry-context";
import { JobRow } from "./job-row";
import { HeaderCell, Table, TableFrame, TableHead } from "@/components/table";

const HEADERS = ["Job", "Model", "Kind", "State", "Progress", "Latest", "Added"];

/** Every job this browser knows, newest first. Each row reads its own events. */
export function JobsTable({ registry }: { registry: Registry }) {
  const store = useRegistryStore();
  const models = new Map(registry.models.map((m) => [m.id, m]));
  return (
    <TableFrame>
      <Table caption="Training jobs this browser created or opened">
        <TableHead>
          {HEADERS.map((header) => (
            <HeaderCell key={header}>{header}</HeaderCell>
          ))}
          <HeaderCell>
            <span className="sr-only">Actions</span>
          </HeaderCell>
        </TableHead>
        <tbody>
          {registry.jobs.map((job) => (
            <JobRow key={job.id} job={job} model={job.model_id ? models.get(job.model_id) : undefined} onForget={() => store.removeJob(job.id)} />
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}
