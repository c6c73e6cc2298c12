import { createContext, use, useMemo } from "react";
import { Link } from "react-router-dom";
import { buttonClasses } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { MessageIcon, PanelIcon } from "@/components/icons";
import type { SortKey, SortState } from "./catalog-url-state";
import { hasDistinctRoot, type CatalogRow } from "./catalog-view";
import { ContextCell, CreatedCell, ParametersCell, PriceCell } from "./fact-cells";
import { HighlightedId } from "./highlighted-id";
import { providerLabel } from "./model-providers";
import { playgroundPathFor } from "./playground-link";
import { createDataColumnHelper, DataTable, TableFrame, useDataTable } from "@/components/table";
import { revealHiddenCharacters } from "@/lib/hidden-characters";

const helper = createDataColumnHelper<CatalogRow>();

// The actions cell opens the details panel through the page (one handler for every row).
const OpenDetailsContext = createContext<(modelId: string) => void>(() => {});

function ActionsCell({ modelId }: { modelId: string }) {
  const onOpenDetails = use(OpenDetailsContext);
  return (
    <>
      <button
        type="button"
        aria-label={`Details for ${modelId}`}
        title="Details and snippets"
        className={buttonClasses("ghost", "sm", "px-1.5!")}
        onClick={() => onOpenDetails(modelId)}
      >
        <PanelIcon size={15} />
      </button>
      <Link
        to={playgroundPathFor(modelId)}
        aria-label={`Try ${modelId} in the playground`}
        title="Try in the playground"
        className={buttonClasses("ghost", "sm", "px-1.5!")}
      >
        <MessageIcon size={15} />
      </Link>
    </>
  );
}

/**
 * The catalog's columns. Sortable ones sort by their id, a catalog sort key, one at a time (the
 * page sorts); their accessor is only there to make them sortable.
 */
const CATALOG_COLUMNS = helper.columns([
  helper.accessor((row) => row.model.id, {
    id: "id" satisfies SortKey,
    meta: {
      label: "Model ID",
      sortField: "id",
      rowHeader: true,
      cellClassName: "max-w-[55vw] font-normal sm:max-w-[22rem]",
    },
    cell: ({ row: { original: row } }) => (
      <span className="flex items-center gap-1">
        <span className="truncate font-mono text-xs text-fg" title={revealHiddenCharacters(row.model.id)}>
          <HighlightedId id={row.model.id} match={row.match} />
        </span>
        <CopyButton text={row.model.id} label={`Copy model ID ${row.model.id}`} className="h-6! px-1.5!" />
      </span>
    ),
  }),
  helper.accessor((row) => row.model.id, {
    id: "provider" satisfies SortKey,
    meta: { label: "Provider", sortField: "provider", cellClassName: "whitespace-nowrap text-fg" },
    cell: ({ row: { original: row } }) => providerLabel(row.provider),
  }),
  helper.accessor((row) => row.model.id, {
    id: "owned_by" satisfies SortKey,
    meta: { label: "Owned by", sortField: "owned_by", cellClassName: "whitespace-nowrap text-fg-muted" },
    cell: ({ row: { original: row } }) => row.model.owned_by,
  }),
  helper.display({
    id: "root",
    meta: { label: "Root", cellClassName: "font-mono text-xs text-fg-muted" },
    cell: ({ row: { original: row } }) =>
      hasDistinctRoot(row.model) ? row.model.root : <span className="sr-only">same as the ID</span>,
  }),
  helper.accessor((row) => row.model.id, {
    id: "context" satisfies SortKey,
    meta: { label: "Context", sortField: "context", align: "right", cellClassName: "whitespace-nowrap tabular-nums" },
    cell: ({ row: { original: row } }) => <ContextCell facts={row.facts} />,
  }),
  helper.accessor((row) => row.model.id, {
    id: "price" satisfies SortKey,
    meta: {
      label: "Price per 1M",
      sortField: "price",
      align: "right",
      cellClassName: "whitespace-nowrap tabular-nums",
      header: (
        <span className="flex flex-col items-end leading-tight">
          <span>Price per 1M</span>
          <span className="font-normal">in / out</span>
        </span>
      ),
    },
    cell: ({ row: { original: row } }) => <PriceCell facts={row.facts} />,
  }),
  helper.display({
    id: "parameters",
    meta: {
      label: "Parameters",
      align: "right",
      cellClassName: "whitespace-nowrap tabular-nums",
      header: (
        <>
          Parameters
          <span className="block leading-tight font-normal">total (active)</span>
        </>
      ),
    },
    cell: ({ row: { original: row } }) => <ParametersCell facts={row.facts} />,
  }),
  helper.accessor((row) => row.model.id, {
    id: "created" satisfies SortKey,
    meta: { label: "Created", sortField: "created", cellClassName: "whitespace-nowrap" },
    cell: ({ row: { original: row } }) => <CreatedCell created={row.model.created} />,
  }),
  helper.display({
    id: "actions",
    meta: {
      label: "Actions",
      cellClassName: "text-right whitespace-nowrap",
      header: <span className="sr-only">Actions</span>,
    },
    cell: ({ row: { original: row } }) => <ActionsCell modelId={row.model.id} />,
  }),
]);

const getRowId = (row: CatalogRow) => row.model.id;

/** The models as a real table: one row per model, sortable headers, an ID that can be copied. */
export function CatalogTable({
  rows,
  sort,
  onSort,
  showRoot,
  onOpenDetails,
}: {
  rows: readonly CatalogRow[];
  sort: SortState;
  onSort: (column: SortKey) => void;
  showRoot: boolean;
  onOpenDetails: (modelId: string) => void;
}) {
  const keys = useMemo(() => [{ field: sort.key, direction: sort.direction }], [sort.key, sort.direction]);
  const table = useDataTable({
    columns: CATALOG_COLUMNS,
    data: rows,
    getRowId,
    sort: keys,
    // One key at a time: the page reverses the sorted column or sorts by another (toggleSort).
    onSortChange: (next) => onSort(next[0]!.field as SortKey),
    columnVisibility: showRoot ? undefined : { root: false },
  });
  return (
    <TableFrame>
      <OpenDetailsContext value={onOpenDetails}>
        <DataTable
          table={table}
          stickyFirst="column"
          caption="Inference models"
          density="compact"
          className="border-collapse"
        />
      </OpenDetailsContext>
    </TableFrame>
  );
}
