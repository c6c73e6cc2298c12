export {
  BodyRow,
  Cell,
  HeaderCell,
  RowHeaderCell,
  SCROLL_BOTH_FRAME,
  SpacerRow,
  StateRow,
  STICKY_AFTER_TICK,
  STICKY_BACKGROUND,
  STICKY_EDGE,
  STICKY_FIRST_COLUMN,
  STICKY_TICK_COLUMN,
  Table,
  TableFrame,
  TableHead,
  type Align,
  type Density,
} from "./table";
export { SortHeaderCell } from "./sort-header";
export { ColumnChooser, type ChoosableColumn } from "./column-chooser";
export { choosableColumns, createColumnVisibility } from "./column-visibility";
export { Pagination, type PaginationProps } from "./pagination";
export { pageKeepingFirstRow, pageResult, type PageResult } from "./pagination-summary";
export { rowsWithSpacers, useFrameRows, defaultRangeExtractor, type Range } from "./frame-rows";
export { useFrameEdgeKeys, useFrameStartsAtTop } from "./frame-scroll";
export {
  createDataColumnHelper,
  dataRowAt,
  DataTable,
  DataTableCells,
  DataTableEmptyBody,
  DataTableRows,
  dataTableFeatures,
  useDataTable,
  type DataColumnDef,
  type DataTableInstance,
  type DataColumnMeta,
  type DataRow,
  type DataTableFeatures,
  type SortMode,
  type StickyFirst,
} from "./data-table";
export { DataTableBody, FULL_RENDER_MAX_ROWS, type ScrollToRow } from "./data-table-body";
export { CopyCell, FocusTip, NowProvider, TimeCell, TipText, useTableCopy } from "./dense-cells";
