import { columnVisibilityFeature, metaHelper, rowSortingFeature, tableFeatures } from "@tanstack/react-table";
import type { SortableItemField } from "@contract/trace";

export type ItemColumnMeta = {
  /** The column's name in the header, the column chooser and the CSV. */
  label: string;
  /** The service's sort field when the column can be sorted (server-side). */
  sortField?: SortableItemField;
  /** Extra classes for the column's cells (alignment, wrapping). */
  cellClassName?: string;
  /**
   * Width in px. The table lays out with fixed column widths: a page of 250 rows then costs no
   * content measuring, and columns do not jump from page to page.
   */
  width: number;
  /** The column that names each row: kept in view while the table scrolls sideways. */
  sticky?: boolean;
};

/**
 * Sorting (state only: the service sorts, `manualSorting`) and column visibility. No client row
 * models: every page arrives filtered, sorted and paged by the service.
 */
export const itemsTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<ItemColumnMeta>(),
});
export type ItemsTableFeatures = typeof itemsTableFeatures;
