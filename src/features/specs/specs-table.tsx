import { memo, useMemo } from "react";
import { Link } from "react-router-dom";
import type { SpecObject } from "@/api/spec-objects";
import { RelativeTime } from "@/components/relative-time";
import {
  BodyRow,
  createDataColumnHelper,
  DataTable,
  DataTableCells,
  STICKY_FIRST_COLUMN,
  TableFrame,
  useDataTable,
  type DataRow,
} from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import type { SortDirection, SortKey } from "@/lib/url-state/sort-param";
import { specPaths } from "./spec-paths";
import { describeSchema } from "./spec-schema";
import { compareText } from "@/lib/compare-text";

export const SPEC_SORT_FIELDS = ["name", "kind", "versions", "changed"] as const;
export type SpecSortField = (typeof SPEC_SORT_FIELDS)[number];

const label = (spec: SpecObject) => spec.name || spec.objectId;

const COMPARE: Record<SpecSortField, (a: SpecObject, b: SpecObject) => number> = {
  name: (a, b) => compareText(label(a), label(b)),
  kind: (a, b) =>
    describeSchema(a.fieldSchema).localeCompare(describeSchema(b.fieldSchema), undefined, { numeric: true }),
  versions: (a, b) => a.versionIndex - b.versionIndex,
  changed: (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
};

/** The specs in the asked order; ties by object id, so the order is the same on every render. */
export function sortSpecs(specs: readonly SpecObject[], sort: SortKey<SpecSortField>): SpecObject[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...specs].sort((a, b) => sign * COMPARE[sort.field](a, b) || a.objectId.localeCompare(b.objectId));
}

const helper = createDataColumnHelper<SpecObject>();

/** The columns sort by their ids, one at a time (the page sorts: sortSpecs); counts and times sort descending first. */
const SPEC_COLUMNS = helper.columns([
  helper.accessor(label, {
    id: "name" satisfies SpecSortField,
    meta: {
      label: "Question",
      sortField: "name",
      rowHeader: true,
      headerClassName: "min-w-48",
      cellClassName: "max-w-xl font-normal",
    },
    cell: ({ row: { original: spec } }) => (
      <>
        <Link to={specPaths.spec(spec.objectId)} className="font-medium text-fg hover:text-link hover:underline">
          <UntrustedText text={label(spec)} className="break-words" />
        </Link>
        <p className="mt-0.5 text-xs break-all text-fg-muted">
          <UntrustedText text={spec.objectId} className="font-mono" />
        </p>
        {spec.description ? (
          <p className="mt-0.5 line-clamp-2 text-xs break-words text-fg-muted">
            <UntrustedText text={spec.description} mode="controls" />
          </p>
        ) : null}
      </>
    ),
  }),
  helper.accessor((spec) => describeSchema(spec.fieldSchema), {
    id: "kind" satisfies SpecSortField,
    meta: { label: "Answer", sortField: "kind", headerClassName: "w-72", cellClassName: "text-sm" },
    cell: ({ row: { original: spec } }) => (
      <>
        <span className="break-words">
          <UntrustedText text={spec.problem ? "Not a usable spec" : describeSchema(spec.fieldSchema)} mode="controls" />
        </span>
        <p className="text-xs text-fg-muted">
          {spec.uniqueAmongCreators ? "One answer per annotator" : "One shared answer"}
        </p>
      </>
    ),
  }),
  helper.accessor("versionIndex", {
    id: "versions" satisfies SpecSortField,
    sortDescFirst: true,
    meta: { label: "Versions", sortField: "versions", headerClassName: "w-28", cellClassName: "text-sm tabular-nums" },
    cell: (info) => info.getValue() + 1,
  }),
  helper.accessor("createdAt", {
    id: "changed" satisfies SpecSortField,
    sortDescFirst: true,
    meta: {
      label: "Last changed",
      sortField: "changed",
      headerClassName: "w-36",
      cellClassName: "text-xs text-fg-muted",
    },
    cell: (info) => <RelativeTime value={info.getValue()} />,
  }),
]);

const getRowId = (spec: SpecObject) => spec.objectId;

/** The project's specs: question (and id), the answer in words, who answers, versions and last change. The question opens the editor. */
export function SpecsTable({
  specs,
  sort,
  onSort,
}: {
  specs: readonly SpecObject[];
  sort: SortKey<SpecSortField>;
  onSort: (field: SpecSortField) => void;
}) {
  const keys = useMemo(() => [sort], [sort]);
  // One key at a time: the page reverses the sorted column or sorts by another (nextDirection).
  const table = useDataTable({
    columns: SPEC_COLUMNS,
    data: specs,
    getRowId,
    sort: keys,
    onSortChange: (next) => onSort(next[0]!.field as SpecSortField),
  });
  return (
    <TableFrame>
      {/* Narrower than this, the frame scrolls sideways with the question kept in view. */}
      <DataTable table={table} stickyFirst="column" aria-label="Annotation specs" className="min-w-[40rem]">
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <SpecRow key={row.id} row={row} spec={row.original} />
          ))}
        </tbody>
      </DataTable>
    </TableFrame>
  );
}

const SpecRow = memo(
  function SpecRow({ row }: { row: DataRow<SpecObject>; spec: SpecObject }) {
    return (
      <BodyRow className="align-top">
        <DataTableCells row={row} first={STICKY_FIRST_COLUMN.cell} />
      </BodyRow>
    );
  },
  (a, b) => a.spec === b.spec,
);

export const nextDirection = (current: SortKey<SpecSortField>, field: SpecSortField): SortDirection =>
  current.field === field
    ? current.direction === "asc"
      ? "desc"
      : "asc"
    : field === "changed" || field === "versions"
      ? "desc"
      : "asc";
