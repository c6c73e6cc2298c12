export { BodyRow, Cell, HeaderCell, RowHeaderCell, SpacerRow, StateRow, Table, TableFrame, TableHead, type Align, type Density } from "./table";
export { SortHeaderCell } from "./sort-header";
export { ColumnChooser, type ChoosableColumn } from "./column-chooser";
export { Pagination, type PaginationProps } from "./pagination";
