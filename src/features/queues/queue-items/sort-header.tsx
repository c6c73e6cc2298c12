import type { Header } from "@tanstack/react-table";
import { SortIcon } from "../../../components/icons";
import { cn } from "../../../lib/cn";
import { ordinal } from "../shared/format";
import type { ItemRow } from "./items-columns";
import type { ItemsTableFeatures } from "./items-table-features";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/**
 * A column header. Sortable ones hold a <button>: click sorts by this column alone, Shift+click
 * adds it as the next key (or flips it). With several keys each shows its rank; `aria-sort`
 * goes on the primary key's header only, as ARIA asks.
 */
export function SortHeader({ header, sortCount }: { header: Header<ItemsTableFeatures, ItemRow, unknown>; sortCount: number }) {
  const column = header.column;
  const meta = column.columnDef.meta;
  const label = meta?.label ?? column.id;
  if (!column.getCanSort()) {
    return (
      <th scope="col" className="px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-fg-muted">
        {label}
      </th>
    );
  }
  const direction = column.getIsSorted();
  const index = column.getSortIndex();
  const descriptionId = `sort-state-${column.id}`;
  const state = direction
    ? `Sorted ${direction === "asc" ? "ascending" : "descending"}${sortCount > 1 ? `, ${ordinal(index + 1)} of ${sortCount} sort keys` : ""}.`
    : "Not sorted.";
  return (
    <th scope="col" aria-sort={direction && index === 0 ? ARIA_SORT[direction] : undefined} className="px-1.5 py-1 text-left text-xs font-medium whitespace-nowrap">
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        aria-describedby={descriptionId}
        title="Click to sort by this column; Shift+click to add it as another sort key"
        className={cn(
          "inline-flex h-7 items-center gap-1 rounded-md px-1.5 hover:bg-subtle hover:text-fg",
          direction ? "text-fg" : "text-fg-muted",
        )}
      >
        {label}
        <SortIcon size={12} direction={direction || undefined} className={cn("shrink-0", direction ? "" : "opacity-50")} />
        {direction && sortCount > 1 ? (
          <span aria-hidden="true" className="min-w-4 rounded-sm bg-accent/15 px-1 text-[10px] leading-4 font-semibold text-fg tabular-nums dark:bg-accent/35">
            {index + 1}
          </span>
        ) : null}
      </button>
      <span id={descriptionId} hidden>
        {state} Shift+click adds it as another sort key.
      </span>
    </th>
  );
}
