import { memo, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import type { Call } from "@contract/trace";
import { Cell, HeaderCell, rowsWithSpacers, SortHeaderCell, StateRow, STICKY_AFTER_TICK, STICKY_BACKGROUND, STICKY_TICK_COLUMN, Table, TableFrame, TableHead, useFrameEdgeKeys, useFrameRows, useFrameStartsAtTop } from "@/components/table";
import { cn } from "@/lib/cn";
import type { SortKey } from "@/lib/url-state/sort-param";
import { FocusTip, NowProvider, useTableCopy } from "@/features/queues";
import { shortId } from "@/lib/short-id";
import { parseOpRef } from "@/lib/op-refs";
import { CALL_COLUMNS, minTableWidth, type CallColumn, type CellContext } from "./calls-columns";
import type { CallSortField } from "./calls-url-state";
import { isSelected, type Selection } from "./use-call-selection";

/** The tick box column's width: STICKY_TICK_COLUMN's, where the sticky column after it starts. */
const TICK_WIDTH = 40;
/** A selected row's tint made opaque, for its sticky cells (the row's own is see-through). */
const SELECTED_STICKY_BACKGROUND = "bg-[color-mix(in_oklab,var(--ui-accent)_5%,var(--ui-surface))] dark:bg-[color-mix(in_oklab,var(--ui-accent)_15%,var(--ui-surface))]";

/** Pages up to this many rows render whole; longer ones only the rows near what the frame shows. */
export const FULL_RENDER_MAX_ROWS = 50;
const ROW_HEIGHT_PX = 37;

type Props = {
  calls: readonly Call[];
  /** Identifies the page shown (a shift-click range stays within one page). */
  pageKey: string;
  visibility: Readonly<Record<string, boolean>>;
  sort: readonly SortKey<CallSortField>[];
  onSort: (field: CallSortField, descFirst: boolean) => void;
  selection: Selection;
  onToggle: (calls: readonly Call[], pageKey: string, index: number, range: boolean) => void;
  onTogglePage: (calls: readonly Call[]) => void;
  context: CellContext;
  busy: boolean;
  offset: number;
  total: number | null;
  empty: ReactNode;
  placeholderRows: number;
};

/** The calls as a real <table>: a checkbox per row, sortable headers (the service sorts), fixed widths. */
export const CallsTable = memo(function CallsTable(props: Props) {
  const { calls, visibility, sort, onSort, selection, onTogglePage, busy, total, empty, placeholderRows } = props;
  const columns = useMemo(() => CALL_COLUMNS.filter((c) => visibility[c.id] !== false), [visibility]);
  const frame = useRef<HTMLDivElement>(null);
  const copied = useTableCopy(frame);
  const pageSelected = calls.length > 0 && calls.every((c) => isSelected(selection, c.id));
  const someSelected = calls.some((c) => isSelected(selection, c.id));
  const colSpan = columns.length + 1;
  const Body = calls.length > FULL_RENDER_MAX_ROWS ? WindowedRows : AllRows;
  useFrameEdgeKeys(frame);
  useFrameStartsAtTop(frame, `${props.offset}:${calls[0]?.id ?? ""}`);

  return (
    <TableFrame ref={frame} scroll="both">
      <NowProvider>
        <Table caption="Calls" style={{ minWidth: minTableWidth(columns) }} aria-busy={busy} aria-rowcount={total === null ? -1 : total + 1} density="compact" className="table-fixed border-collapse">
          <colgroup>
            <col style={{ width: TICK_WIDTH }} />
            {columns.map((c, index) => (
              // The sticky first column gives way on a phone, so the columns scrolling beside it keep some room.
              <col key={c.id} style={c.width === null ? undefined : { width: index === 0 ? `min(${c.width}px, 36vw)` : c.width }} />
            ))}
          </colgroup>
          <TableHead sticky rowProps={{ "aria-rowindex": 1 }}>
            <th scope="col" className={cn(STICKY_TICK_COLUMN, STICKY_BACKGROUND.header, "py-2")}>
              <IndeterminateCheckbox
                checked={pageSelected}
                indeterminate={!pageSelected && someSelected}
                disabled={calls.length === 0 || selection.kind === "matching"}
                label="Select every call on this page"
                onChange={() => onTogglePage(calls)}
              />
            </th>
            {columns.map((column, index) => (
              <ColumnHeader key={column.id} column={column} sort={sort} onSort={onSort} className={index === 0 ? cn(STICKY_AFTER_TICK, STICKY_BACKGROUND.header) : undefined} />
            ))}
          </TableHead>
          {calls.length === 0 ? (
            <tbody>
              {placeholderRows > 0 ? (
                Array.from({ length: placeholderRows }, (_, index) => (
                  <tr key={index} aria-hidden="true" style={{ height: ROW_HEIGHT_PX }}>
                    <td colSpan={colSpan} aria-hidden="true" className="px-3">
                      <div className="h-3 w-2/3 animate-pulse rounded bg-subtle motion-reduce:animate-none" />
                    </td>
                  </tr>
                ))
              ) : (
                <StateRow colSpan={colSpan}>{empty}</StateRow>
              )}
            </tbody>
          ) : (
            <Body {...props} columns={columns} frame={frame} />
          )}
        </Table>
      </NowProvider>
      <FocusTip container={frame} />
      <output className="sr-only">{copied}</output>
    </TableFrame>
  );
});

function ColumnHeader({ column, sort, onSort, className }: { column: CallColumn; sort: readonly SortKey<CallSortField>[]; onSort: (field: CallSortField, descFirst: boolean) => void; className?: string }) {
  const { sortField } = column;
  if (!sortField) return <HeaderCell className={className}>{column.label}</HeaderCell>;
  const key = sort.find((k) => k.field === sortField);
  return (
    <SortHeaderCell direction={key?.direction ?? false} onSort={() => onSort(sortField, column.descFirst === true)} hint="Click to sort by this column; click again to reverse." className={className}>
      {column.label}
    </SortHeaderCell>
  );
}

function IndeterminateCheckbox({ checked, indeterminate, disabled, label, onChange }: { checked: boolean; indeterminate: boolean; disabled: boolean; label: string; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" aria-label={label} checked={checked} disabled={disabled} onChange={onChange} className="size-4 accent-(--ui-accent)" />;
}

type BodyProps = Props & { columns: readonly CallColumn[]; frame: RefObject<HTMLElement | null> };

function AllRows(props: BodyProps) {
  return <tbody className={props.busy ? "opacity-70 transition-opacity" : "transition-opacity"}>{props.calls.map((call, index) => rowOf(props, call, index))}</tbody>;
}

/** Only the rows in and near what the frame shows (the frame scrolls, not the page), spacer rows for the rest. */
function WindowedRows(props: BodyProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const { virtualizer, top } = useFrameRows({ frame: props.frame, body, count: props.calls.length, rowHeight: ROW_HEIGHT_PX });
  return (
    <tbody ref={body} className={props.busy ? "opacity-70 transition-opacity" : "transition-opacity"}>
      {rowsWithSpacers(virtualizer, top, props.columns.length + 1, (index) => {
        const call = props.calls[index];
        return call ? rowOf(props, call, index) : null;
      })}
    </tbody>
  );
}

function rowOf(props: BodyProps, call: Call, index: number) {
  return (
    <CallRow
      // Keyed by place: a new page patches the same <tr>s instead of replacing them.
      key={index}
      call={call}
      index={index}
      rowIndex={props.offset + index + 2}
      selected={isSelected(props.selection, call.id)}
      lockedSelected={props.selection.kind === "matching"}
      columns={props.columns}
      context={props.context}
      onToggle={(range) => props.onToggle(props.calls, props.pageKey, index, range)}
    />
  );
}

const CallRow = memo(
  function CallRow({ call, rowIndex, selected, lockedSelected, columns, context, onToggle }: {
    call: Call;
    index: number;
    rowIndex: number;
    selected: boolean;
    lockedSelected: boolean;
    columns: readonly CallColumn[];
    context: CellContext;
    onToggle: (range: boolean) => void;
  }) {
    return (
      <tr aria-rowindex={rowIndex} data-call-id={call.id} className={cn("group", selected ? "bg-accent/5 dark:bg-accent/15" : "hover:bg-subtle/60")} style={{ height: ROW_HEIGHT_PX }}>
        <td className={cn(STICKY_TICK_COLUMN, "align-middle", selected ? SELECTED_STICKY_BACKGROUND : STICKY_BACKGROUND.cell)}>
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
        {columns.map((column, index) => (
          <Cell key={column.id} className={cn("truncate align-middle text-fg", column.cellClassName, index === 0 && [STICKY_AFTER_TICK, selected ? SELECTED_STICKY_BACKGROUND : STICKY_BACKGROUND.cell].join(" "))}>
            {column.cell(call, context)}
          </Cell>
        ))}
      </tr>
    );
  },
  (a, b) => a.call === b.call && a.index === b.index && a.rowIndex === b.rowIndex && a.selected === b.selected && a.lockedSelected === b.lockedSelected && a.columns === b.columns && a.context === b.context,
);
