import {
  HeaderCell,
  SortHeaderCell,
  STICKY_AFTER_TICK,
  STICKY_BACKGROUND,
  STICKY_TICK_COLUMN,
  TableHead,
} from "@/components/table";
import { cn } from "@/lib/cn";
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
      <th scope="col" className={cn(STICKY_TICK_COLUMN, STICKY_BACKGROUND.header, "py-2")}>
        <span className="sr-only">Compare</span>
      </th>
      {JOB_COLUMNS.map(({ title, sort: field }, index) =>
        index === 0 ? (
          // The job's id: kept in view on a phone, after the tick box.
          <HeaderCell key={title} className={cn(STICKY_AFTER_TICK, STICKY_BACKGROUND.header)}>
            {title}
          </HeaderCell>
        ) : field ? (
          <SortHeaderCell
            key={title}
            direction={sort.field === field ? sort.direction : false}
            onSort={() => onSort(field)}
            hint="Activate to sort by this column; again to reverse."
            className="px-1.5 first:pl-2.5"
          >
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
