import { memo } from "react";
import { Link } from "react-router-dom";
import type { SpecObject } from "@/api/spec-objects";
import { RelativeTime } from "@/components/relative-time";
import { BodyRow, Cell, RowHeaderCell, SortHeaderCell, STICKY_FIRST_COLUMN, Table, TableFrame, TableHead } from "@/components/table";
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
  kind: (a, b) => describeSchema(a.fieldSchema).localeCompare(describeSchema(b.fieldSchema), undefined, { numeric: true }),
  versions: (a, b) => a.versionIndex - b.versionIndex,
  changed: (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
};

/** The specs in the asked order; ties by object id, so the order is the same on every render. */
export function sortSpecs(specs: readonly SpecObject[], sort: SortKey<SpecSortField>): SpecObject[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...specs].sort((a, b) => sign * COMPARE[sort.field](a, b) || a.objectId.localeCompare(b.objectId));
}

const HEADERS: { field: SpecSortField; title: string; className?: string }[] = [
  { field: "name", title: "Question", className: `min-w-48 ${STICKY_FIRST_COLUMN.header}` },
  { field: "kind", title: "Answer", className: "w-72" },
  { field: "versions", title: "Versions", className: "w-28" },
  { field: "changed", title: "Last changed", className: "w-36" },
];

/** The project's specs: question (and id), the answer in words, who answers, versions and last change. The question opens the editor. */
export function SpecsTable({ specs, sort, onSort }: { specs: readonly SpecObject[]; sort: SortKey<SpecSortField>; onSort: (field: SpecSortField) => void }) {
  return (
    <TableFrame>
      {/* Narrower than this, the frame scrolls sideways with the question kept in view. */}
      <Table aria-label="Annotation specs" className="min-w-[40rem]">
        <TableHead>
          {HEADERS.map((header) => (
            <SortHeaderCell
              key={header.field}
              direction={sort.field === header.field ? sort.direction : false}
              onSort={() => onSort(header.field)}
              className={header.className}
            >
              {header.title}
            </SortHeaderCell>
          ))}
        </TableHead>
        <tbody>
          {specs.map((spec) => (
            <SpecRow key={spec.objectId} spec={spec} />
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}

const SpecRow = memo(function SpecRow({ spec }: { spec: SpecObject }) {
  return (
    <BodyRow className="align-top">
      <RowHeaderCell sticky className="max-w-xl font-normal">
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
      </RowHeaderCell>
      <Cell className="text-sm">
        <span className="break-words">
          <UntrustedText text={spec.problem ? "Not a usable spec" : describeSchema(spec.fieldSchema)} mode="controls" />
        </span>
        <p className="text-xs text-fg-muted">{spec.uniqueAmongCreators ? "One answer per annotator" : "One shared answer"}</p>
      </Cell>
      <Cell className="text-sm tabular-nums">{spec.versionIndex + 1}</Cell>
      <Cell className="text-xs text-fg-muted">
        <RelativeTime value={spec.createdAt} />
      </Cell>
    </BodyRow>
  );
});

export const nextDirection = (current: SortKey<SpecSortField>, field: SpecSortField): SortDirection =>
  current.field === field ? (current.direction === "asc" ? "desc" : "asc") : field === "changed" || field === "versions" ? "desc" : "asc";
