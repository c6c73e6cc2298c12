export { BodyRow, Cell, HeaderCell, RowHeaderCell, SpacerRow, StateRow, Table, TableFrame, TableHead, type Align, type Density } from "./table";
export { SortHeaderCell } from "./sort-header";
