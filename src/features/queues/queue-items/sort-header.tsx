import type { Header } from "@tanstack/react-table";
import { HeaderCell, SortHeaderCell, STICKY_FIRST_COLUMN } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import type { ItemRow } from "./items-columns";
import type { ItemsTableFeatures } from "./items-table-features";

/** A column header of the items table: click sorts by this column alone, Shift+click adds it as the next key (or flips it). */
export function SortHeader({ header, sortCount }: { header: Header<ItemsTableFeatures, ItemRow, unknown>; sortCount: number }) {
  const column = header.column;
  const label = column.columnDef.meta?.label ?? column.id;
  const sticky = column.columnDef.meta?.sticky ? STICKY_FIRST_COLUMN.header : undefined;
  // Labels of the queue's questions are written by people: shown as text, hidden characters visible.
  if (!column.getCanSort()) {
    return (
      <HeaderCell className={sticky}>
        <span className="block truncate" title={label}>
          <UntrustedText text={label} />
        </span>
      </HeaderCell>
    );
  }
  return (
    <SortHeaderCell
      direction={column.getIsSorted()}
      rank={column.getSortIndex()}
      sortCount={sortCount}
      onSort={(event) => column.getToggleSortingHandler()?.(event)}
      hint="Click to sort by this column; Shift+click adds it as another sort key."
      className={sticky}
    >
      {label}
    </SortHeaderCell>
  );
}
