import type { ReactNode } from "react";
import { SortIcon } from "../../components/icons";
import { cn } from "../../lib/cn";
import type { SortKey, SortState } from "./catalog-url-state";

/**
 * A column header that sorts: aria-sort on the <th> (only on the sorted column, as ARIA asks),
 * and a button inside it so keyboard users can sort. The icon repeats the state visually.
 */
export function SortableHeader({
  column,
  sort,
  onSort,
  children,
  align = "left",
  className,
}: {
  column: SortKey;
  sort: SortState;
  onSort: (column: SortKey) => void;
  children: ReactNode;
  align?: "left" | "right";
  className?: string;
}) {
  const active = sort.key === column;
  const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} className={cn("px-2.5 py-2 font-medium whitespace-nowrap", align === "right" && "text-right", className)}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          "-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-subtle hover:text-fg",
          active ? "text-fg" : "text-fg-muted",
          align === "right" && "flex-row-reverse",
        )}
      >
        {children}
        <SortIcon size={13} direction={active ? sort.direction : undefined} className={active ? "" : "opacity-50"} />
      </button>
    </th>
  );
}
