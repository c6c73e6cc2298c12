import { memo, type Ref } from "react";
import { DataTableCells, STICKY_FIRST_COLUMN, type DataRow } from "@/components/table";
import { clickOpensRow, isPlainClick } from "../shared/row-click";
import type { ItemRow } from "./items-columns";

/** The sticky cell, opaque in the row's focus tint too (a see-through tint would show what scrolls under it). */
const STICKY_CELL = `${STICKY_FIRST_COLUMN.cell} group-focus-visible:bg-[color-mix(in_oklab,var(--ui-accent)_5%,var(--ui-surface))] dark:group-focus-visible:bg-[color-mix(in_oklab,var(--ui-accent)_15%,var(--ui-surface))]`;

/** A data row's height (a 24px control in each cell, 6px padding above and below, and the divider). */
export const ROW_HEIGHT_PX = 37;

type Props = {
  row: DataRow<ItemRow>;
  /** Compared by the memo: a row re-renders only when its item, place or columns change. */
  item: ItemRow;
  /** Index on the current page. */
  index: number;
  /** 1-based row number in the whole list, header row included (aria-rowindex). */
  rowIndex: number;
  visibleKey: string;
  onOpen: (rowIndex: number) => void;
  /** The windowed body measures each rendered row (a zoomed text size makes rows taller). */
  measureRef?: Ref<HTMLTableRowElement>;
};

/**
 * One item. Takes programmatic focus (j/k); Enter or a plain click opens the item, except on a
 * control inside the row (copy buttons, the position link's modified clicks, selected text).
 */
export const ItemTableRow = memo(
  function ItemTableRow({ row, index, rowIndex, onOpen, measureRef }: Props) {
    return (
      <tr
        ref={measureRef}
        tabIndex={-1}
        data-item-row={index}
        data-index={index}
        data-item-id={row.original.id}
        aria-rowindex={rowIndex}
        onClick={(event) => {
          if (isPlainClick(event) && event.target instanceof Element && event.target.closest("a[data-open-row]")) {
            event.preventDefault();
            onOpen(index);
            return;
          }
          if (clickOpensRow(event)) onOpen(index);
        }}
        onKeyDown={(event) => {
          // End and Home on a row are the table's (useFrameEdgeKeys): they scroll its frame and the page.
          if (event.target === event.currentTarget && event.key === "Enter") onOpen(index);
        }}
        className="group cursor-pointer outline-none hover:bg-subtle/60 focus-visible:bg-accent/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus dark:focus-visible:bg-accent/15"
      >
        {/* The sticky cell is opaque like the row's own tint when it has the focus, so it does not hide it. */}
        <DataTableCells row={row} className="align-middle text-fg" first={STICKY_CELL} />
      </tr>
    );
  },
  (a, b) =>
    a.item === b.item &&
    a.index === b.index &&
    a.rowIndex === b.rowIndex &&
    a.visibleKey === b.visibleKey &&
    a.onOpen === b.onOpen &&
    a.measureRef === b.measureRef,
);
