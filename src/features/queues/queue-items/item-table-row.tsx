import { flexRender, type Row } from "@tanstack/react-table";
import { memo, type Ref } from "react";
import { Cell } from "@/components/table";
import { clickOpensRow, isPlainClick } from "../shared/row-click";
import type { ItemRow } from "./items-columns";
import type { ItemsTableFeatures } from "./items-table-features";

/** A data row's height (a 24px control in each cell, 6px padding above and below, and the divider). */
export const ROW_HEIGHT_PX = 37;

type Props = {
  row: Row<ItemsTableFeatures, ItemRow>;
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
          if (event.target !== event.currentTarget) return;
          if (event.key === "Enter") onOpen(index);
          else if ((event.key === "End" || event.key === "Home") && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
            // The table's frame scrolls sideways (overflow-x), so whenever the columns are wider than
            // the window the browser scrolled that frame, not the page, and End on a row did nothing.
            event.preventDefault();
            window.scrollTo({ top: event.key === "End" ? document.documentElement.scrollHeight : 0 });
          }
        }}
        className="cursor-pointer outline-none hover:bg-subtle/60 focus-visible:bg-accent/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus dark:focus-visible:bg-accent/15"
      >
        {row.getVisibleCells().map((cell) => (
          <Cell key={cell.column.id} className={`align-middle text-fg ${cell.column.columnDef.meta?.cellClassName ?? ""}`}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Cell>
        ))}
      </tr>
    );
  },
  (a, b) => a.item === b.item && a.index === b.index && a.rowIndex === b.rowIndex && a.visibleKey === b.visibleKey && a.onOpen === b.onOpen && a.measureRef === b.measureRef,
);
