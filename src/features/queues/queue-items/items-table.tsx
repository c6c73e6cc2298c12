import { useTable, type ColumnVisibilityState, type OnChangeFn, type SortingState } from "@tanstack/react-table";
import { memo, useRef, type ReactNode, type RefObject } from "react";
import { StateRow, Table, TableFrame, TableHead, useFrameEdgeKeys, useFrameStartsAtTop } from "@/components/table";
import { FocusTip, NowProvider, useTableCopy } from "../shared/dense-cells";
import { AllRowsBody, FULL_RENDER_MAX_ROWS, WindowedRowsBody, type ScrollToRow } from "./item-table-body";
import { ROW_HEIGHT_PX } from "./item-table-row";
import { PageAnswersProvider, type ItemColumns, type PageAnswers } from "./answer-columns";
import { OpChoicesProvider } from "./op-cell";
import type { OpChoice } from "../shared/op-choices";
import { ITEM_COLUMNS, type ItemRow } from "./items-columns";
import { itemsTableFeatures } from "./items-table-features";
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

/**
 * The items as a real <table>. Sorting is state only (`manualSorting`): the service sorts. Rows are
 * memoised on their item, so a new page or a filter keystroke elsewhere does not re-render rows
 * that did not change; a long page renders only the rows near the viewport (item-table-body.tsx).
 */
export const ItemsTable = memo(function ItemsTable({ rows, sorting, onSortingChange, columnVisibility, labelledBy, busy, offset, total, onOpen, empty, placeholderRows = 0, scrollToRowRef, columns = ITEM_COLUMNS, answers = NO_ANSWERS, opChoices = NO_OP_CHOICES }: Props) {
  const table = useTable({
    features: itemsTableFeatures,
    columns,
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
  const Body = rows.length > FULL_RENDER_MAX_ROWS ? WindowedRowsBody : AllRowsBody;
  useFrameEdgeKeys(frame);
  useFrameStartsAtTop(frame, `${offset}:${rows[0]?.id ?? ""}`);

  return (
    <TableFrame ref={frame} scroll="both">
      <NowProvider>
        <Table aria-labelledby={labelledBy} aria-busy={busy} aria-rowcount={total === null ? -1 : total + 1} density="compact" className="table-fixed border-collapse">
          <colgroup>
            {table.getVisibleLeafColumns().map((column) => (
              <col key={column.id} style={{ width: column.columnDef.meta?.width }} />
            ))}
          </colgroup>
          <TableHead sticky rowProps={{ "aria-rowindex": 1 }}>
            {table.getHeaderGroups().flatMap((group) => group.headers.map((header) => <SortHeader key={header.id} header={header} sortCount={sorting.length} />))}
          </TableHead>
          {rows.length === 0 ? (
            <tbody>
              {placeholderRows > 0 ? (
                Array.from({ length: placeholderRows }, (_, index) => (
                  <tr key={index} aria-hidden="true" style={{ height: ROW_HEIGHT_PX }}>
                    <td colSpan={columnCount} aria-hidden="true" className="px-3">
                      <div className="h-3 w-2/3 animate-pulse rounded bg-subtle motion-reduce:animate-none" />
                    </td>
                  </tr>
                ))
              ) : (
                <StateRow colSpan={columnCount}>{empty}</StateRow>
              )}
            </tbody>
          ) : (
            <PageAnswersProvider value={answers}>
              <OpChoicesProvider value={opChoices}>
                <Body rows={table.getRowModel().rows} offset={offset} visibleKey={visibleKey} columnCount={columnCount} busy={busy} onOpen={onOpen} scrollToRowRef={scrollToRowRef} frame={frame} />
              </OpChoicesProvider>
            </PageAnswersProvider>
          )}
        </Table>
      </NowProvider>
      <FocusTip container={frame} />
      <output className="sr-only">{copied}</output>
    </TableFrame>
  );
});
