import { Link } from "react-router-dom";
import { buttonClasses } from "../../components/button";
import { CopyButton } from "../../components/copy-button";
import { MessageIcon, PanelIcon } from "../../components/icons";
import type { SortKey, SortState } from "./catalog-url-state";
import { hasDistinctRoot, type CatalogRow } from "./catalog-view";
import { ContextCell, CreatedCell, ParametersCell, PriceCell } from "./fact-cells";
import { HighlightedId } from "./highlighted-id";
import { providerLabel } from "./model-providers";
import { playgroundPathFor } from "./playground-link";
import { SortableHeader } from "./sortable-header";
import { revealHiddenCharacters } from "../../lib/hidden-characters";

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
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full border-collapse text-left text-[13px]">
        <caption className="sr-only">Inference models</caption>
        <thead className="border-b border-line bg-subtle/60 text-xs">
          <tr>
            <SortableHeader column="id" {...header}>
              Model ID
            </SortableHeader>
            <SortableHeader column="provider" {...header}>
              Provider
            </SortableHeader>
            <SortableHeader column="owned_by" {...header}>
              Owned by
            </SortableHeader>
            {showRoot ? (
              <th scope="col" className="px-2.5 py-2 font-medium text-fg-muted">
                Root
              </th>
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
            <th scope="col" className="px-2.5 py-2 text-right font-medium whitespace-nowrap text-fg-muted">
              Parameters
              <span className="block leading-tight font-normal">total (active)</span>
            </th>
            <SortableHeader column="created" {...header}>
              Created
            </SortableHeader>
            <th scope="col" className="px-2.5 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { model } = row;
            return (
              <tr key={model.id} className="border-b border-line last:border-b-0 hover:bg-subtle/50">
                <th scope="row" className="max-w-[22rem] px-2.5 py-1.5 font-normal">
                  <span className="flex items-center gap-1">
                    <span className="truncate font-mono text-xs text-fg" title={revealHiddenCharacters(model.id)}>
                      <HighlightedId id={model.id} match={row.match} />
                    </span>
                    <CopyButton text={model.id} label={`Copy model ID ${model.id}`} className="h-6! px-1.5!" />
                  </span>
                </th>
                <td className="px-2.5 py-1.5 whitespace-nowrap text-fg">{providerLabel(row.provider)}</td>
                <td className="px-2.5 py-1.5 whitespace-nowrap text-fg-muted">{model.owned_by}</td>
                {showRoot ? (
                  <td className="px-2.5 py-1.5 font-mono text-xs text-fg-muted">
                    {hasDistinctRoot(model) ? model.root : <span className="sr-only">same as the ID</span>}
                  </td>
                ) : null}
                <td className="px-2.5 py-1.5 text-right whitespace-nowrap tabular-nums">
                  <ContextCell facts={row.facts} />
                </td>
                <td className="px-2.5 py-1.5 text-right whitespace-nowrap tabular-nums">
                  <PriceCell facts={row.facts} />
                </td>
                <td className="px-2.5 py-1.5 text-right whitespace-nowrap tabular-nums">
                  <ParametersCell facts={row.facts} />
                </td>
                <td className="px-2.5 py-1.5 whitespace-nowrap">
                  <CreatedCell created={model.created} />
                </td>
                <td className="px-2 py-1.5 text-right whitespace-nowrap">
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
