import { functionalUpdate, type SortingState, type Updater } from "@tanstack/react-table";
import { useCallback, useMemo, type RefObject } from "react";
import type { AnnotationState } from "@contract/trace";
import { pageKeepingFirstRow } from "@/components/table";
import {
  sortByToSorting,
  sortingToSortBy,
  TEXT_FILTERS,
  type ItemsTableState,
  type PageSize,
  type TextFilterKey,
} from "../shared/items-url-state";
import type { UrlViewChange, UrlViewWrite } from "@/lib/url-state/use-url-table";

type Update = (change: UrlViewChange<ItemsTableState>, write?: UrlViewWrite) => void;

/**
 * What the table's controls change in its view: filters, sort, page, page size. Each change goes
 * to the URL (the one source of the view); a new filter or sort starts again at page 1.
 */
export function useItemsViewChanges(
  state: ItemsTableState,
  update: Update,
  options: { loadingPage: boolean; tableRegion: RefObject<HTMLElement | null> },
) {
  const { loadingPage, tableRegion } = options;
  const onTextCommit = useCallback(
    (key: TextFilterKey, value: string) => {
      // Successive commits of one text filter (typing with pauses) share one history entry.
      update({ [key]: value, page: 1 }, { typing: key });
    },
    [update],
  );
  const onStatesChange = useCallback(
    (states: AnnotationState[]) => {
      update({ states, page: 1 });
    },
    [update],
  );
  const onClear = useCallback(() => {
    update({ ...Object.fromEntries(TEXT_FILTERS.map((f) => [f.key, ""])), states: [], page: 1 });
  }, [update]);

  const sorting = useMemo<SortingState>(() => sortByToSorting(state.sort), [state.sort]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      update((current) => {
        return { sort: sortingToSortBy(functionalUpdate(updater, sortByToSorting(current.sort))), page: 1 };
      });
    },
    [update],
  );

  const onPage = useCallback(
    (next: number) => {
      if (loadingPage) return;
      update({ page: Math.max(1, next) });
      // The page buttons sit under the table: bring the new page's first rows into view.
      const region = tableRegion.current;
      if (region && region.getBoundingClientRect().top < 0) region.scrollIntoView({ block: "start" });
    },
    [update, loadingPage, tableRegion],
  );
  const onPageSize = useCallback(
    (size: PageSize) => {
      // Keep the first row on screen in view: the page becomes the one that holds it.
      update((current) => ({ pageSize: size, page: pageKeepingFirstRow(current, size) }));
    },
    [update],
  );

  return { onTextCommit, onStatesChange, onClear, sorting, onSortingChange, onPage, onPageSize };
}
