import type { Registry } from "../registry/registry-schema";
import { useRegistryStore } from "../registry/registry-context";
import { JobRow } from "./job-row";

const HEADERS = ["Job", "Model", "Kind", "State", "Progress", "Latest", "Added"];

/** Every job this browser knows, newest first. Each row reads its own events. */
export function JobsTable({ registry }: { registry: Registry }) {
  const store = useRegistryStore();
  const models = new Map(registry.models.map((m) => [m.id, m]));
  // `relative`: screen-reader-only text (absolutely placed) stays inside the scroll box.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Training jobs this browser created or opened</caption>
        <thead className="border-b border-line bg-subtle/60 text-xs text-fg-muted">
          <tr>
            {HEADERS.map((header, i) => (
              <th key={header} scope="col" className={i === 0 ? "py-2 pr-3 pl-4 font-medium" : "px-3 py-2 font-medium"}>
                {header}
              </th>
            ))}
            <th scope="col" className="py-2 pr-4 pl-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {registry.jobs.map((job) => (
            <JobRow key={job.id} job={job} model={job.model_id ? models.get(job.model_id) : undefined} onForget={() => store.removeJob(job.id)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
