export { BodyRow, Cell, HeaderCell, RowHeaderCell, SCROLL_BOTH_FRAME, SpacerRow, StateRow, STICKY_AFTER_TICK, STICKY_BACKGROUND, STICKY_EDGE, STICKY_FIRST_COLUMN, STICKY_TICK_COLUMN, Table, TableFrame, TableHead, type Align, type Density } from "./table";
export { SortHeaderCell } from "./sort-header";
export { ColumnChooser, type ChoosableColumn } from "./column-chooser";
export { Pagination, type PaginationProps } from "./pagination";
export { rowsWithSpacers, useFrameRows, defaultRangeExtractor, type Range } from "./frame-rows";
export { useFrameEdgeKeys, useFrameStartsAtTop } from "./frame-scroll";
