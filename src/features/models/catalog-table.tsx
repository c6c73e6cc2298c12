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
import { SortableHeader } from "./sortable-header";
import { BodyRow, Cell, HeaderCell, RowHeaderCell, STICKY_FIRST_COLUMN, Table, TableFrame, TableHead } from "@/components/table";
import { revealHiddenCharacters } from "@/lib/hidden-characters";

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
  const header = { sort, onSort };
  return (
    <TableFrame>
      <Table caption="Inference models" density="compact" className="border-collapse">
        <TableHead>
          <SortableHeader column="id" className={STICKY_FIRST_COLUMN.header} {...header}>
            Model ID
          </SortableHeader>
          <SortableHeader column="provider" {...header}>
            Provider
          </SortableHeader>
          <SortableHeader column="owned_by" {...header}>
            Owned by
          </SortableHeader>
          {showRoot ? (
            <HeaderCell>Root</HeaderCell>
          ) : null}
          <SortableHeader column="context" align="right" {...header}>
            Context
          </SortableHeader>
          <SortableHeader column="price" align="right" {...header}>
            <span className="flex flex-col items-end leading-tight">
              <span>Price per 1M</span>
              <span className="font-normal">in / out</span>
            </span>
          </SortableHeader>
          <HeaderCell align="right">
            Parameters
            <span className="block leading-tight font-normal">total (active)</span>
          </HeaderCell>
          <SortableHeader column="created" {...header}>
            Created
          </SortableHeader>
          <HeaderCell>
            <span className="sr-only">Actions</span>
          </HeaderCell>
        </TableHead>
        <tbody>
          {rows.map((row) => {
            const { model } = row;
            return (
              <BodyRow key={model.id}>
                <RowHeaderCell sticky className="max-w-[55vw] font-normal sm:max-w-[22rem]">
                  <span className="flex items-center gap-1">
                    <span className="truncate font-mono text-xs text-fg" title={revealHiddenCharacters(model.id)}>
                      <HighlightedId id={model.id} match={row.match} />
                    </span>
                    <CopyButton text={model.id} label={`Copy model ID ${model.id}`} className="h-6! px-1.5!" />
                  </span>
                </RowHeaderCell>
                <Cell className="whitespace-nowrap text-fg">{providerLabel(row.provider)}</Cell>
                <Cell className="whitespace-nowrap text-fg-muted">{model.owned_by}</Cell>
                {showRoot ? (
                  <Cell className="font-mono text-xs text-fg-muted">
                    {hasDistinctRoot(model) ? model.root : <span className="sr-only">same as the ID</span>}
                  </Cell>
                ) : null}
                <Cell align="right" className="whitespace-nowrap tabular-nums">
                  <ContextCell facts={row.facts} />
                </Cell>
                <Cell align="right" className="whitespace-nowrap tabular-nums">
                  <PriceCell facts={row.facts} />
                </Cell>
                <Cell align="right" className="whitespace-nowrap tabular-nums">
                  <ParametersCell facts={row.facts} />
                </Cell>
                <Cell className="whitespace-nowrap">
                  <CreatedCell created={model.created} />
                </Cell>
                <Cell align="right" className="whitespace-nowrap">
                  <button
                    type="button"
                    aria-label={`Details for ${model.id}`}
                    title="Details and snippets"
                    className={buttonClasses("ghost", "sm", "px-1.5!")}
                    onClick={() => onOpenDetails(model.id)}
                  >
                    <PanelIcon size={15} />
                  </button>
                  <Link to={playgroundPathFor(model.id)} aria-label={`Try ${model.id} in the playground`} title="Try in the playground" className={buttonClasses("ghost", "sm", "px-1.5!")}>
                    <MessageIcon size={15} />
                  </Link>
                </Cell>
              </BodyRow>
            );
          })}
        </tbody>
      </Table>
    </TableFrame>
  );
}
