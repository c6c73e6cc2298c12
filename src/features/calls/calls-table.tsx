import { memo, useLayoutEffect, useRef, type ReactNode } from "react";
import type { Call } from "@contract/trace";
import {
  DataTable,
  DataTableBody,
  DataTableCells,
  DataTableEmptyBody,
  FocusTip,
  NowProvider,
  STICKY_AFTER_TICK,
  STICKY_BACKGROUND,
  STICKY_TICK_COLUMN,
  TableFrame,
  useDataTable,
  useFrameEdgeKeys,
  useFrameStartsAtTop,
  useTableCopy,
  type DataRow,
} from "@/components/table";
import { cn } from "@/lib/cn";
import type { SortKey } from "@/lib/url-state/sort-param";
import { shortId } from "@/lib/short-id";
import { parseOpRef } from "@/lib/op-refs";
import { CALL_COLUMNS, CellContextProvider, minTableWidth, type CellContext } from "./calls-columns";
import type { CallSortField } from "./calls-url-state";
import { isSelected, type Selection } from "./use-call-selection";

/** The tick box column's width: STICKY_TICK_COLUMN's, where the sticky column after it starts. */
const TICK_WIDTH = 40;
/** A selected row's tint made opaque, for its sticky cells (the row's own is see-through). */
const SELECTED_STICKY_BACKGROUND =
  "bg-[color-mix(in_oklab,var(--ui-accent)_5%,var(--ui-surface))] dark:bg-[color-mix(in_oklab,var(--ui-accent)_15%,var(--ui-surface))]";

const ROW_HEIGHT_PX = 37;

type Props = {
  calls: readonly Call[];
  /** Identifies the page shown (a shift-click range stays within one page). */
  pageKey: string;
  visibility: Readonly<Record<string, boolean>>;
  sort: readonly SortKey<CallSortField>[];
  /** A header click: the new sort keys (one key: the clicked column, or the primary one reversed). */
  onSortChange: (keys: SortKey<CallSortField>[]) => void;
  selection: Selection;
  onToggle: (calls: readonly Call[], pageKey: string, index: number, range: boolean) => void;
  onTogglePage: (calls: readonly Call[]) => void;
  context: CellContext;
  busy: boolean;
  /**
   * The rows are the view before, kept on screen while this one loads (another filter, page or sort): "every call
   * on this page" would select calls the page is no longer about, so the header's box waits for the new rows.
   */
  showingPreviousView: boolean;
  offset: number;
  total: number | null;
  empty: ReactNode;
  placeholderRows: number;
};

const getRowId = (call: Call) => call.id;

/** The calls as a real <table>: a checkbox per row, sortable headers (the service sorts), fixed widths. */
export const CallsTable = memo(function CallsTable(props: Props) {
  const {
    calls,
    visibility,
    sort,
    onSortChange,
    selection,
    onTogglePage,
    busy,
    showingPreviousView,
    total,
    empty,
    placeholderRows,
    context,
  } = props;
  const table = useDataTable({
    columns: CALL_COLUMNS,
    data: calls,
    getRowId,
    sort,
    onSortChange: onSortChange as (keys: SortKey<string>[]) => void,
    columnVisibility: visibility,
  });
  const columns = table.getVisibleLeafColumns();
  const visibleKey = columns.map((c) => c.id).join(",");
  const frame = useRef<HTMLDivElement>(null);
  const copied = useTableCopy(frame);
  const pageSelected = calls.length > 0 && calls.every((c) => isSelected(selection, c.id));
  const someSelected = calls.some((c) => isSelected(selection, c.id));
  const colSpan = columns.length + 1;
  const rows = table.getRowModel().rows;
  useFrameEdgeKeys(frame);
  useFrameStartsAtTop(frame, `${props.offset}:${calls[0]?.id ?? ""}`);

  const tick = (
    <th scope="col" className={cn(STICKY_TICK_COLUMN, STICKY_BACKGROUND.header, "py-2")}>
      <IndeterminateCheckbox
        checked={pageSelected}
        indeterminate={!pageSelected && someSelected}
        disabled={calls.length === 0 || selection.kind === "matching" || showingPreviousView}
        label="Select every call on this page"
        onChange={() => onTogglePage(calls)}
      />
    </th>
  );
  return (
    <TableFrame ref={frame} scroll="both">
      <NowProvider>
        <CellContextProvider value={context}>
          <DataTable
            table={table}
            stickyHead
            stickyFirst="after-tick"
            // The sticky first column gives way on a phone, so the columns scrolling beside it keep some room.
            firstColumnMaxVw={36}
            leading={{ width: TICK_WIDTH, header: tick }}
            sortHint="Click to sort by this column; click again to reverse."
            caption="Calls"
            style={{ minWidth: minTableWidth(columns.map((c) => c.columnDef.meta?.width ?? null)) }}
            aria-busy={busy}
            aria-rowcount={total === null ? -1 : total + 1}
            density="compact"
            className="table-fixed border-collapse"
          >
            {calls.length === 0 ? (
              <DataTableEmptyBody colSpan={colSpan} placeholderRows={placeholderRows} rowHeight={ROW_HEIGHT_PX}>
                {empty}
              </DataTableEmptyBody>
            ) : (
              <DataTableBody
                count={rows.length}
                rowHeight={ROW_HEIGHT_PX}
                columnCount={colSpan}
                frame={frame}
                className={busy ? "opacity-70 transition-opacity" : "transition-opacity"}
                renderRow={(index) => {
                  const row = rows[index]!;
                  return (
                    <CallRow
                      // Keyed by place: a new page patches the same <tr>s instead of replacing them.
                      key={index}
                      row={row}
                      call={row.original}
                      index={index}
                      rowIndex={props.offset + index + 2}
                      selected={isSelected(selection, row.original.id)}
                      lockedSelected={selection.kind === "matching" || showingPreviousView}
                      visibleKey={visibleKey}
                      onToggle={(range) => props.onToggle(calls, props.pageKey, index, range)}
                    />
                  );
                }}
              />
            )}
          </DataTable>
        </CellContextProvider>
      </NowProvider>
      <FocusTip container={frame} />
      <output className="sr-only">{copied}</output>
    </TableFrame>
  );
});

function IndeterminateCheckbox({
  checked,
  indeterminate,
  disabled,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  label: string;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      className="size-4 accent-(--ui-accent)"
    />
  );
}

const CallRow = memo(
  function CallRow({
    row,
    call,
    rowIndex,
    selected,
    lockedSelected,
    onToggle,
  }: {
    row: DataRow<Call>;
    /** Compared by the memo: a row re-renders only when its call, place, selection or columns change. */
    call: Call;
    index: number;
    rowIndex: number;
    selected: boolean;
    lockedSelected: boolean;
    visibleKey: string;
    onToggle: (range: boolean) => void;
  }) {
    return (
      <tr
        aria-rowindex={rowIndex}
        data-call-id={call.id}
        className={cn("group", selected ? "bg-accent/5 dark:bg-accent/15" : "hover:bg-subtle/60")}
        style={{ height: ROW_HEIGHT_PX }}
      >
        <td
          className={cn(
            STICKY_TICK_COLUMN,
            "align-middle",
            selected ? SELECTED_STICKY_BACKGROUND : STICKY_BACKGROUND.cell,
          )}
        >
          <input
            type="checkbox"
            // The op's name says which call it is; the id's start tells two of one op apart.
            aria-label={`Select the ${parseOpRef(call.op_name)?.name ?? call.op_name} call ${shortId(call.id)}`}
            checked={selected}
            disabled={lockedSelected}
            // A click carries the Shift key (a range); Space on the focused box toggles it alone.
            onChange={(event) => onToggle((event.nativeEvent as Partial<MouseEvent>).shiftKey === true)}
            className="size-4 accent-(--ui-accent)"
          />
        </td>
        <DataTableCells
          row={row}
          className="truncate align-middle text-fg"
          first={cn(STICKY_AFTER_TICK, selected ? SELECTED_STICKY_BACKGROUND : STICKY_BACKGROUND.cell)}
        />
      </tr>
    );
  },
  (a, b) =>
    a.call === b.call &&
    a.index === b.index &&
    a.rowIndex === b.rowIndex &&
    a.selected === b.selected &&
    a.lockedSelected === b.lockedSelected &&
    a.visibleKey === b.visibleKey,
);
