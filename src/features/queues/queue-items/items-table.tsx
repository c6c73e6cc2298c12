import type { ColumnVisibilityState, OnChangeFn, SortingState } from "@tanstack/react-table";
import { memo, useRef, type ReactNode, type RefObject } from "react";
import {
  DataTable,
  DataTableBody,
  DataTableEmptyBody,
  FocusTip,
  NowProvider,
  TableFrame,
  useDataTable,
  useFrameEdgeKeys,
  useFrameStartsAtTop,
  useTableCopy,
  type ScrollToRow,
} from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { ItemTableRow, ROW_HEIGHT_PX } from "./item-table-row";
import { PageAnswersProvider, type ItemColumns, type PageAnswers } from "./answer-columns";
import { OpChoicesProvider } from "./op-cell";
import type { OpChoice } from "../shared/op-choices";
import { ITEM_COLUMNS, type ItemRow } from "./items-columns";

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
  /** Filled in by the table: brings a row that is not rendered (a long page is windowed) into view. */
  scrollToRowRef: RefObject<ScrollToRow | null>;
  /** The columns (the item's own by default; a queue's adds its questions: itemColumnsWith). */
  columns?: ItemColumns;
  answers?: PageAnswers;
  /** The Operation cells' labels (useOpChoices); without them a cell shows the op's name. */
  opChoices?: readonly OpChoice[];
};

const NO_ANSWERS: PageAnswers = { byCall: undefined, me: null, failed: false };
const NO_OP_CHOICES: readonly OpChoice[] = [];

const getRowId = (row: ItemRow) => row.id;
// Labels of the queue's questions are written by people: shown as text, hidden characters visible.
const headerLabel = (label: string) => (
  <span className="block truncate" title={label}>
    <UntrustedText text={label} />
  </span>
);

/**
 * The items as a real <table>. Sorting is state only: the service sorts. Rows are memoised on
 * their item, so a new page or a filter keystroke elsewhere does not re-render rows that did not
 * change; a long page renders only the rows near the viewport (DataTableBody).
 */
export const ItemsTable = memo(function ItemsTable({
  rows,
  sorting,
  onSortingChange,
  columnVisibility,
  labelledBy,
  busy,
  offset,
  total,
  onOpen,
  empty,
  placeholderRows = 0,
  scrollToRowRef,
  columns = ITEM_COLUMNS,
  answers = NO_ANSWERS,
  opChoices = NO_OP_CHOICES,
}: Props) {
  const table = useDataTable({
    columns,
    data: rows,
    getRowId,
    sorting,
    onSortingChange,
    columnVisibility,
    sortMode: "multi",
  });
  const visibleKey = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join(",");
  const columnCount = table.getVisibleLeafColumns().length;
  const frame = useRef<HTMLDivElement>(null);
  const copied = useTableCopy(frame);
  const tableRows = table.getRowModel().rows;
  useFrameEdgeKeys(frame);
  useFrameStartsAtTop(frame, `${offset}:${rows[0]?.id ?? ""}`);

  return (
    <TableFrame ref={frame} scroll="both">
      <NowProvider>
        <DataTable
          table={table}
          stickyHead
          stickyFirst="column"
          headerLabel={headerLabel}
          aria-labelledby={labelledBy}
          aria-busy={busy}
          aria-rowcount={total === null ? -1 : total + 1}
          density="compact"
          className="table-fixed border-collapse"
        >
          {rows.length === 0 ? (
            <DataTableEmptyBody colSpan={columnCount} placeholderRows={placeholderRows} rowHeight={ROW_HEIGHT_PX}>
              {empty}
            </DataTableEmptyBody>
          ) : (
            <PageAnswersProvider value={answers}>
              <OpChoicesProvider value={opChoices}>
                <DataTableBody
                  count={tableRows.length}
                  rowHeight={ROW_HEIGHT_PX}
                  columnCount={columnCount}
                  frame={frame}
                  className={cn("divide-y divide-line transition-opacity", busy && "opacity-70")}
                  measure
                  keepFocusedRow
                  scrollToRowRef={scrollToRowRef}
                  renderRow={(index, measureRef) => {
                    const row = tableRows[index]!;
                    return (
                      <ItemTableRow
                        // Keyed by place, not by item: a new page then updates the same <tr>s in place instead of
                        // removing and creating them, which is most of the cost of a page change.
                        key={index}
                        row={row}
                        item={row.original}
                        index={index}
                        rowIndex={offset + index + 2}
                        visibleKey={visibleKey}
                        onOpen={onOpen}
                        measureRef={measureRef}
                      />
                    );
                  }}
                />
              </OpChoicesProvider>
            </PageAnswersProvider>
          )}
        </DataTable>
      </NowProvider>
      <FocusTip container={frame} />
      <output className="sr-only">{copied}</output>
    </TableFrame>
  );
});
