import { paths } from "@/lib/paths";
import { serializeItemsTableState, type ItemsTableState } from "./items-url-state";

/** Where the review page asks the table to put focus when the user comes back. */
export type ItemsLocationState = { focusItemId?: string } | null;

/** The review URL's parameter for the item's index in the table's list (0-based), a hint to find its neighbours fast. */
export const INDEX_PARAM = "i";


/**
 * The review page of an item, carrying the table's view (filters, sort, page size) so Previous /
 * Next walk the same list and Escape returns to the same place.
 */
export function reviewHref(queueId: string, itemId: string, view: ItemsTableState, index: number | null): string {
  const params = serializeItemsTableState(view);
  if (index !== null && index >= 0) params.set(INDEX_PARAM, String(index));
  const search = params.toString();
  return paths.queueItem(queueId, itemId, search);
}

/** The table with the view, on the page that holds row `index` when it is known. */
export function tableHref(queueId: string, view: ItemsTableState, index: number | null): string {
  const page = index !== null && index >= 0 ? Math.floor(index / view.pageSize) + 1 : view.page;
  const search = serializeItemsTableState({ ...view, page }).toString();
  return `${paths.queue(queueId)}${search ? `?${search}` : ""}`;
}
