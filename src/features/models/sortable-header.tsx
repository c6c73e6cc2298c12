import type { ReactNode } from "react";
import { SortHeaderCell, type Align } from "@/components/table";
import type { SortKey, SortState } from "./catalog-url-state";

/** A catalog column header that sorts by its column (one key at a time; activating the sorted one reverses it). */
export function SortableHeader({ column, sort, onSort, children, align, className }: { column: SortKey; sort: SortState; onSort: (column: SortKey) => void; children: ReactNode; align?: Align; className?: string }) {
  return (
    <SortHeaderCell direction={sort.key === column && sort.direction} onSort={() => onSort(column)} align={align} className={className}>
      {children}
    </SortHeaderCell>
  );
}
