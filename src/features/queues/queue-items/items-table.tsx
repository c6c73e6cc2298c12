import { flexRender, useTable, type ColumnVisibilityState, type OnChangeFn, type Row, type SortingState } from "@tanstack/react-table";
import { memo, useRef, type MouseEvent, type ReactNode } from "react";
import { FocusTip, NowProvider, useTableCopy } from "../shared/dense-cells";
import { cn } from "../../../lib/cn";
import { ITEM_COLUMNS, type ItemRow } from "./items-columns";
import { itemsTableFeatures, type ItemsTableFeatures } from "./items-table-features";
import { SortHeader } from "./sort-header";

type Props = {
  rows: readonly ItemRow[];
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  columnVisibility: ColumnVisibilityState;
  /** Id of the element that names the table (the queue's name). */
  labelledBy: string;
  busy: boolean;
  /** Offset of the first row in the list, for aria-rowindex. */
  offset: number;
  /** Rows in the whole list when known, for aria-rowcount. */
  total: number | null;
  onOpen: (rowIndex: number) => void;
  /** Shown in the body when there are no rows. */
  empty: ReactNode;
  /** While the first page loads: this many blank rows of a real row's height hold the page's place. */
  placeholderRows?: number;
};

/** A data row's height (a 24px control in each cell, 6px padding above and below, and the divider). */
const ROW_HEIGHT_PX = 37;

const getRowId = (row: ItemRow) => row.id;

/**
 * The items as a real <table>. Sorting is state only (`manualSorting`): the service sorts. Rows are
 * memoised on their item, so a new page or a filter keystroke elsewhere does not re-render rows
 * that did not change. Rows take programmatic focus (j/k) and open with Enter or a click.
 */
export const ItemsTable = memo(function ItemsTable({ rows, sorting, onSortingChange, columnVisibility, labelledBy, busy, offset, total, onOpen, empty, placeholderRows = 0 }: Props) {
  const table = useTable({
    features: itemsTableFeatures,
    columns: ITEM_COLUMNS,
    data: rows as ItemRow[],
    getRowId,
    manualSorting: true,
    enableMultiSort: true,
    enableSortingRemoval: true,
    enableMultiRemove: true,
    maxMultiSortColCount: 4,
    state: { sorting, columnVisibility },
    onSortingChange,
  });
  const visibleKey = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join(",");
  const columnCount = table.getVisibleLeafColumns().length;
  const frame = useRef<HTMLDivElement>(null);
  const copied = useTableCopy(frame);

  return (
    <div ref={frame} className="relative overflow-x-auto rounded-lg border border-line bg-surface">
      <NowProvider>
        <table
          aria-labelledby={labelledBy}
          aria-busy={busy}
          aria-rowcount={total === null ? -1 : total + 1}
          className="w-full table-fixed border-collapse text-sm"
        >
          <colgroup>
            {table.getVisibleLeafColumns().map((column) => (
              <col key={column.id} style={{ width: column.columnDef.meta?.width }} />
            ))}
          </colgroup>
          <thead className="border-b border-line bg-subtle/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => (
                  <SortHeader key={header.id} header={header} sortCount={sorting.length} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className={cn("divide-y divide-line transition-opacity", busy && "opacity-70")}>
            {rows.length === 0 && placeholderRows > 0 ? (
              Array.from({ length: placeholderRows }, (_, index) => (
                <tr key={index} aria-hidden="true" style={{ height: ROW_HEIGHT_PX }}>
                  <td colSpan={columnCount} aria-hidden="true" className="px-3">
                    <div className="h-3 w-2/3 animate-pulse rounded bg-subtle motion-reduce:animate-none" />
                  </td>
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10">
                  {empty}
                </td>
              </tr>
            ) : (
              // Keyed by place, not by item: a new page then updates the same 250 <tr>s in place
              // instead of removing and creating them, which is most of the cost of a page change.
              table
                .getRowModel()
                .rows.map((row, index) => <ItemTableRow key={index} row={row} item={row.original} index={index} rowIndex={offset + index + 2} visibleKey={visibleKey} onOpen={onOpen} />)
            )}
          </tbody>
        </table>
      </NowProvider>
      <FocusTip container={frame} />
      <output className="sr-only">{copied}</output>
    </div>
  );
});

/** Clicks on a control inside a row (copy, link, a focusable time) do their own thing. */
function fromControl(event: MouseEvent): boolean {
  return event.target instanceof Element && !!event.target.closest("a, button, input, [tabindex='0']");
}

const ItemTableRow = memo(
  function ItemTableRow({
    row,
    index,
    rowIndex,
    onOpen,
  }: {
    row: Row<ItemsTableFeatures, ItemRow>;
    item: ItemRow;
    index: number;
    rowIndex: number;
    visibleKey: string;
    onOpen: (rowIndex: number) => void;
  }) {
    return (
      <tr
        tabIndex={-1}
        data-item-row={index}
        data-item-id={row.original.id}
        aria-rowindex={rowIndex}
        onClick={(event) => {
          const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
          if (plain && event.target instanceof Element && event.target.closest("a[data-open-row]")) {
            event.preventDefault();
            onOpen(index);
            return;
          }
          if (fromControl(event) || window.getSelection()?.toString()) return;
          onOpen(index);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && event.target === event.currentTarget) onOpen(index);
        }}
        className="cursor-pointer outline-none hover:bg-subtle/60 focus-visible:bg-accent/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus dark:focus-visible:bg-accent/15"
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.column.id} className={cn("px-3 py-1.5 align-middle text-fg", cell.column.columnDef.meta?.cellClassName)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  },
  (a, b) => a.item === b.item && a.index === b.index && a.rowIndex === b.rowIndex && a.visibleKey === b.visibleKey && a.onOpen === b.onOpen,
);
