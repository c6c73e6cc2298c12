import { HeaderCell, SortHeaderCell, TableHead } from "@/components/table";
import type { SortKey } from "@/lib/url-state/sort-param";
import type { JobSortField } from "./jobs-url-state";

type Column = { title: string; sort?: JobSortField };

/** The list's columns in order; those with `sort` sort the list. */
export const JOB_COLUMNS: readonly Column[] = [
  { title: "Job" },
  { title: "Model", sort: "model" },
  { title: "Kind" },
  { title: "State", sort: "state" },
  { title: "Progress", sort: "progress" },
  { title: "Latest" },
  { title: "Created", sort: "created" },
];

/** The jobs list's header row: sortable columns are buttons with aria-sort on the sorted one. */
export function JobsHeader({ sort, onSort }: { sort: SortKey<JobSortField>; onSort: (field: JobSortField) => void }) {
  return (
    <TableHead>
      <HeaderCell>
        <span className="sr-only">Compare</span>
      </HeaderCell>
      {JOB_COLUMNS.map(({ title, sort: field }) =>
        field ? (
          <SortHeaderCell key={title} direction={sort.field === field ? sort.direction : false} onSort={() => onSort(field)} hint="Activate to sort by this column; again to reverse." className="px-1.5 first:pl-2.5">
            {title}
          </SortHeaderCell>
        ) : (
          <HeaderCell key={title}>{title}</HeaderCell>
        ),
      )}
      <HeaderCell>
        <span className="sr-only">Actions</span>
      </HeaderCell>
    </TableHead>
  );
}
