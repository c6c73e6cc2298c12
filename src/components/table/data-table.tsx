import {
  columnVisibilityFeature,
  constructRow,
  createColumnHelper,
  flexRender,
  functionalUpdate,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Column,
  type ColumnDef,
  type ColumnVisibilityState,
  type OnChangeFn,
  type Row,
  type RowData,
  type SortingState,
  type Table as TanStackTable,
  type Updater,
} from "@tanstack/react-table";
import { useCallback, useMemo, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { sortingToSortKeys, sortKeysToSorting, type SortKey } from "@/lib/url-state/sort-param";
import { SortHeaderCell } from "./sort-header";
import {
  BodyRow,
  Cell,
  HeaderCell,
  RowHeaderCell,
  StateRow,
  STICKY_AFTER_TICK,
  STICKY_BACKGROUND,
  STICKY_FIRST_COLUMN,
  Table,
  TableHead,
  type Align,
  type Density,
} from "./table";

export type DataColumnMeta = {
  /** The column's name in the header, the column chooser and the CSV. */
  label: string;
  /**
   * Width in px. A table of fixed column widths lays out a page of 250 rows with no content
   * measuring, and its columns do not jump from page to page. Null: the column shares what is left.
   * A table none of whose columns has a width lays out by its content.
   */
  width?: number | null;
  /** The service's sort field when the column can be sorted (the service sorts: `manualSorting`). */
  sortField?: string;
  /** Extra classes for the column's cells (wrapping, type). */
  cellClassName?: string;
  /** Classes that depend on the row (a reading's colour); called with the row's data. */
  cellClassOf?: (original: never) => string | undefined;
  /** The header's content when it is more than the label (a second line, a screen-reader-only title). */
  header?: ReactNode;
  /** Extra classes for the column's header (a set width in an auto-layout table). */
  headerClassName?: string;
  /** What activating this column's sort header does, when it differs from the table's `sortHint`. */
  sortHint?: string;
  /** A fixed order the header states (`aria-sort` on a table the page always sorts one way). */
  sortedBy?: "ascending" | "descending";
  align?: Align;
  /** The cells name their row: row headers (`<th scope="row">`) for screen readers. */
  rowHeader?: boolean;
  /** Drawn, not read: the column (a bar) is hidden from screen readers, header and cells. */
  decorative?: boolean;
};

/**
 * Sorting (state only: every table's rows arrive sorted, by the service or by the page) and column
 * visibility. No client row models.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<DataColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableInstance<TRow extends RowData> = TanStackTable<DataTableFeatures, TRow>;
export type DataRow<TRow extends RowData> = Row<DataTableFeatures, TRow>;
// The table takes columns of any value type; TanStack's own helpers type them the same way.
// oxlint-disable-next-line typescript/no-explicit-any
export type DataColumnDef<TRow extends RowData> = ColumnDef<DataTableFeatures, TRow, any>;

/** Typed column definitions for a table of `TRow`s. */
export const createDataColumnHelper = <TRow extends RowData>() => createColumnHelper<DataTableFeatures, TRow>();

/**
 * The row at `index` of a table too long to hand TanStack whole (an event log of 100,000 events,
 * kept in typed arrays): a windowed body builds rows only for what it renders. Its cells are the
 * table's visible columns, as any row's.
 */
export const dataRowAt = <TRow extends RowData>(
  table: DataTableInstance<TRow>,
  original: TRow,
  index: number,
): DataRow<TRow> => constructRow(table, String(index), original, index, 0);

/**
 * How a header click sorts. `single`: a click sorts by that column alone, again reverses it.
 * `multi`: a click sorts by that column alone, Shift+click adds it as the next key (up to four)
 * or flips it, and a third click removes it.
 */
export type SortMode = "single" | "multi";

const MULTI_SORT_HINT = "Click to sort by this column; Shift+click adds it as another sort key.";

/**
 * The sort as a page keeps it in its URL (lib/url-state's sort keys), or as TanStack's state; a
 * table that does not sort passes neither.
 */
type SortBinding =
  | {
      sort: readonly SortKey<string>[];
      onSortChange: (keys: SortKey<string>[]) => void;
      sorting?: never;
      onSortingChange?: never;
    }
  | { sorting: SortingState; onSortingChange: OnChangeFn<SortingState>; sort?: never; onSortChange?: never }
  | { sort?: never; onSortChange?: never; sorting?: never; onSortingChange?: never };

type Options<TRow extends RowData> = SortBinding & {
  columns: readonly DataColumnDef<TRow>[];
  data: readonly TRow[];
  getRowId: (row: TRow) => string;
  columnVisibility?: ColumnVisibilityState;
  sortMode?: SortMode;
};

const NO_HIDDEN: ColumnVisibilityState = {};
const NO_KEYS: readonly SortKey<string>[] = [];
const idOf = (column: { id?: string; accessorKey?: unknown }): string => column.id ?? String(column.accessorKey ?? "");

/**
 * A TanStack table whose sort and column visibility are the page's: the sort lives in the URL (the
 * page's codec reads and writes it, so a link and Back restore it) and visibility is a stored
 * preference. The hook maps columns to the URL's sort fields through each column's `sortField`.
 */
export function useDataTable<TRow extends RowData>(options: Options<TRow>): DataTableInstance<TRow> {
  const { columns, data, getRowId, columnVisibility = NO_HIDDEN, sortMode = "single" } = options;
  const keys = options.sort ?? NO_KEYS;
  const onKeys = options.onSortChange;
  const fieldOf = useCallback((id: string) => columns.find((c) => idOf(c) === id)?.meta?.sortField, [columns]);
  const columnOf = useCallback(
    (field: string) => {
      const column = columns.find((c) => c.meta?.sortField === field);
      return column ? idOf(column) : undefined;
    },
    [columns],
  );
  const fromKeys = useMemo(() => sortKeysToSorting(keys, columnOf), [keys, columnOf]);
  const sorting = options.sorting ?? fromKeys;
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => onKeys?.(sortingToSortKeys(functionalUpdate(updater, sorting), fieldOf)),
    [onKeys, sorting, fieldOf],
  );
  const multi = sortMode === "multi";
  const table = useTable({
    features: dataTableFeatures,
    columns: columns as DataColumnDef<TRow>[],
    data: data as TRow[],
    getRowId,
    manualSorting: true,
    enableMultiSort: multi,
    enableSortingRemoval: multi,
    enableMultiRemove: multi,
    maxMultiSortColCount: 4,
    state: { sorting, columnVisibility },
    onSortingChange: options.onSortingChange ?? onSortingChange,
  });
  return table;
}

const sortModeOf = (table: DataTableInstance<RowData>): SortMode =>
  table.options.enableMultiSort ? "multi" : "single";

/** A single-key sort: the primary column again reverses it; another column sorts alone, in its first direction. */
function sortAlone(table: DataTableInstance<RowData>, column: Column<DataTableFeatures, RowData>) {
  table.setSorting((current) => {
    const primary = current[0];
    const desc = primary?.id === column.id ? !primary.desc : column.columnDef.sortDescFirst === true;
    return [{ id: column.id, desc }];
  });
}

/** Which column stays in view as the table scrolls sideways: the first one, or the first after a tick box column. */
export type StickyFirst = "column" | "after-tick";

const STICKY_HEADER: Record<StickyFirst, string> = {
  column: STICKY_FIRST_COLUMN.header,
  "after-tick": cn(STICKY_AFTER_TICK, STICKY_BACKGROUND.header),
};

type DataTableProps<TRow extends RowData> = Omit<ComponentPropsWithRef<"table">, "children"> & {
  table: DataTableInstance<TRow>;
  caption?: ReactNode;
  captionClassName?: string;
  density?: Density;
  /** A header row that stays in view while the table scrolls inside its frame. */
  stickyHead?: boolean;
  /** Classes for the header row's group (`sr-only` where the numbers speak for themselves on screen). */
  headClassName?: string;
  stickyFirst?: StickyFirst;
  /** The first column gives way on a phone to at most this share of the window's width. */
  firstColumnMaxVw?: number;
  /** A fixed-density table's row height, which its header row keeps too. */
  headRowHeight?: number;
  /** A column before the data columns (a tick box): its width and its header cell. */
  leading?: { width: number; header: ReactNode };
  /** How a column's label shows when its meta has no `header`; plain text by default. */
  headerLabel?: (label: string) => ReactNode;
  /** What activating a sort header does, for screen readers and as a tooltip; multi-sort tables say Shift+click. */
  sortHint?: string;
  /**
   * The body: rows (DataTableCells in each), or DataTableEmptyBody. Without it, every row of the
   * table's row model in a plain body (DataTableRows), its first cell sticky with `stickyFirst="column"`.
   */
  children?: ReactNode;
};

/**
 * The kit's one table over a TanStack table: column widths, a header row of sort headers (aria-sort
 * on the primary key, ranks with several) and plain headers, a sticky first column, and the body.
 */
export function DataTable<TRow extends RowData>({
  table,
  stickyHead = false,
  headClassName,
  stickyFirst,
  firstColumnMaxVw,
  headRowHeight,
  leading,
  headerLabel = (label) => label,
  sortHint,
  children,
  ...tableProps
}: DataTableProps<TRow>) {
  const columns = table.getVisibleLeafColumns();
  const sortCount = table.options.state?.sorting?.length ?? 0;
  const mode = sortModeOf(table as DataTableInstance<RowData>);
  const fixedWidths = leading !== undefined || columns.some((column) => column.columnDef.meta?.width !== undefined);
  return (
    <Table {...tableProps}>
      {fixedWidths ? (
        <colgroup>
          {leading ? <col style={{ width: leading.width }} /> : null}
          {columns.map((column, index) => {
            const width = column.columnDef.meta?.width ?? null;
            return (
              <col
                key={column.id}
                style={
                  width === null
                    ? undefined
                    : { width: index === 0 && firstColumnMaxVw ? `min(${width}px, ${firstColumnMaxVw}vw)` : width }
                }
              />
            );
          })}
        </colgroup>
      ) : null}
      {/* A table that says how many rows it has (a windowed body) numbers its header row too. */}
      <TableHead
        sticky={stickyHead}
        className={headClassName}
        rowProps={{
          "aria-rowindex": tableProps["aria-rowcount"] === undefined ? undefined : 1,
          style: headRowHeight === undefined ? undefined : { height: headRowHeight },
        }}
      >
        {leading?.header}
        {columns.map((column, index) => {
          const meta = column.columnDef.meta;
          const label = meta?.label ?? column.id;
          const content = meta?.header ?? headerLabel(label);
          const className =
            cn(index === 0 && stickyFirst ? STICKY_HEADER[stickyFirst] : undefined, meta?.headerClassName) || undefined;
          if (meta?.sortField === undefined || !column.getCanSort()) {
            return (
              <HeaderCell
                key={column.id}
                align={meta?.align}
                className={className}
                aria-hidden={meta?.decorative || undefined}
                aria-sort={meta?.sortedBy}
              >
                {content}
              </HeaderCell>
            );
          }
          return (
            <SortHeaderCell
              key={column.id}
              direction={column.getIsSorted()}
              rank={mode === "multi" ? column.getSortIndex() : undefined}
              sortCount={mode === "multi" ? sortCount : undefined}
              onSort={(event) =>
                mode === "multi"
                  ? column.getToggleSortingHandler()?.(event)
                  : sortAlone(table as DataTableInstance<RowData>, column as Column<DataTableFeatures, RowData>)
              }
              hint={meta.sortHint ?? sortHint ?? (mode === "multi" ? MULTI_SORT_HINT : undefined)}
              align={meta?.align}
              className={className}
            >
              {content}
            </SortHeaderCell>
          );
        })}
      </TableHead>
      {children === undefined ? (
        <DataTableRows table={table} first={stickyFirst === "column" ? STICKY_FIRST_COLUMN.cell : undefined} />
      ) : (
        children
      )}
    </Table>
  );
}

/** A row's cells, in the visible columns' order; `first` styles the first one (a sticky column's opaque background). */
export function DataTableCells<TRow extends RowData>({
  row,
  className,
  first,
}: {
  row: DataRow<TRow>;
  className?: string;
  first?: string;
}) {
  return row.getVisibleCells().map((cell, index) => {
    const meta = cell.column.columnDef.meta;
    const CellKind = meta?.rowHeader ? RowHeaderCell : Cell;
    return (
      <CellKind
        key={cell.column.id}
        align={meta?.align}
        aria-hidden={meta?.decorative || undefined}
        className={
          cn(className, meta?.cellClassName, meta?.cellClassOf?.(row.original as never), index === 0 && first) ||
          undefined
        }
      >
        {flexRender(cell.column.columnDef.cell, cell.getContext())}
      </CellKind>
    );
  });
}

/**
 * A body of every row of the table's row model, each row its cells. `plain` rows have no divider or
 * hover highlight (a table drawn as a chart); `first` styles each row's first cell (see DataTableCells).
 */
export function DataTableRows<TRow extends RowData>({
  table,
  first,
  plain = false,
}: {
  table: DataTableInstance<TRow>;
  first?: string;
  plain?: boolean;
}) {
  const Row = plain ? "tr" : BodyRow;
  return (
    <tbody>
      {table.getRowModel().rows.map((row) => (
        <Row key={row.id}>
          <DataTableCells row={row} first={first} />
        </Row>
      ))}
    </tbody>
  );
}

/**
 * The body of a table with no rows: while the first page loads, `placeholderRows` blank rows of a
 * real row's height hold the page's place; after, `children` says why it is empty.
 */
export function DataTableEmptyBody({
  colSpan,
  placeholderRows,
  rowHeight,
  children,
}: {
  colSpan: number;
  placeholderRows: number;
  rowHeight: number;
  children: ReactNode;
}) {
  return (
    <tbody>
      {placeholderRows > 0 ? (
        Array.from({ length: placeholderRows }, (_, index) => (
          <tr key={index} aria-hidden="true" style={{ height: rowHeight }}>
            <td colSpan={colSpan} aria-hidden="true" className="px-3">
              <div className="h-3 w-2/3 animate-pulse rounded bg-subtle motion-reduce:animate-none" />
            </td>
          </tr>
        ))
      ) : (
        <StateRow colSpan={colSpan}>{children}</StateRow>
      )}
    </tbody>
  );
}
