import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Call } from "@contract/trace";
import { Cell, HeaderCell, SortHeaderCell, SpacerRow, StateRow, Table, TableFrame, TableHead } from "@/components/table";
import type { SortKey } from "@/lib/url-state/sort-param";
import { FocusTip, NowProvider, shortId, useTableCopy } from "@/features/queues";
import { parseOpRef } from "@/lib/op-refs";
import { CALL_COLUMNS, minTableWidth, type CallColumn, type CellContext } from "./calls-columns";
import type { CallSortField } from "./calls-url-state";
import { isSelected, type Selection } from "./use-call-selection";

/** Pages up to this many rows render whole; longer ones only the rows near the viewport. */
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

  return (
    <TableFrame ref={frame}>
      <NowProvider>
        <Table caption="Calls" style={{ minWidth: minTableWidth(columns) }} aria-busy={busy} aria-rowcount={total === null ? -1 : total + 1} density="compact" className="table-fixed border-collapse">
          <colgroup>
            <col style={{ width: 44 }} />
            {columns.map((c) => (
              <col key={c.id} style={c.width === null ? undefined : { width: c.width }} />
            ))}
          </colgroup>
          <TableHead rowProps={{ "aria-rowindex": 1 }}>
            <HeaderCell className="w-11">
              <IndeterminateCheckbox
                checked={pageSelected}
                indeterminate={!pageSelected && someSelected}
                disabled={calls.length === 0 || selection.kind === "matching"}
                label="Select every call on this page"
                onChange={() => onTogglePage(calls)}
              />
            </HeaderCell>
            {columns.map((column) => (
              <ColumnHeader key={column.id} column={column} sort={sort} onSort={onSort} />
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
            <Body {...props} columns={columns} />
          )}
        </Table>
      </NowProvider>
      <FocusTip container={frame} />
      <output className="sr-only">{copied}</output>
    </TableFrame>
  );
});

function ColumnHeader({ column, sort, onSort }: { column: CallColumn; sort: readonly SortKey<CallSortField>[]; onSort: (field: CallSortField, descFirst: boolean) => void }) {
  const { sortField } = column;
  if (!sortField) return <HeaderCell>{column.label}</HeaderCell>;
  const key = sort.find((k) => k.field === sortField);
  return (
    <SortHeaderCell direction={key?.direction ?? false} onSort={() => onSort(sortField, column.descFirst === true)} hint="Click to sort by this column; click again to reverse.">
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

type BodyProps = Props & { columns: readonly CallColumn[] };

function AllRows(props: BodyProps) {
  return <tbody className={props.busy ? "opacity-70 transition-opacity" : "transition-opacity"}>{props.calls.map((call, index) => rowOf(props, call, index))}</tbody>;
}

/** Only the rows in and near the viewport (the page scrolls), spacer rows for the rest. */
function WindowedRows(props: BodyProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  // TanStack Virtual keeps its state in a mutable instance; this app does not use the React Compiler.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({ count: props.calls.length, estimateSize: () => ROW_HEIGHT_PX, overscan: 10, scrollMargin: top });
  const colSpan = props.columns.length + 1;
  const children: ReactNode[] = [];
  let cursor = 0;
  for (const item of virtualizer.getVirtualItems()) {
    const start = item.start - top;
    if (start > cursor) children.push(<SpacerRow key={`gap-${children.length}`} height={start - cursor} colSpan={colSpan} />);
    const call = props.calls[item.index];
    if (call) children.push(rowOf(props, call, item.index));
    cursor = start + item.size;
  }
  const rest = virtualizer.getTotalSize() - cursor;
  if (rest > 0) children.push(<SpacerRow key="end" height={rest} colSpan={colSpan} />);
  return (
    <tbody ref={body} className={props.busy ? "opacity-70 transition-opacity" : "transition-opacity"}>
      {children}
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
      <tr aria-rowindex={rowIndex} data-call-id={call.id} className={selected ? "bg-accent/5 dark:bg-accent/15" : "hover:bg-subtle/60"} style={{ height: ROW_HEIGHT_PX }}>
        <Cell className="align-middle">
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
        </Cell>
        {columns.map((column) => (
          <Cell key={column.id} className={`truncate align-middle text-fg ${column.cellClassName ?? ""}`}>
            {column.cell(call, context)}
          </Cell>
        ))}
      </tr>
    );
  },
  (a, b) => a.call === b.call && a.index === b.index && a.rowIndex === b.rowIndex && a.selected === b.selected && a.lockedSelected === b.lockedSelected && a.columns === b.columns && a.context === b.context,
);
