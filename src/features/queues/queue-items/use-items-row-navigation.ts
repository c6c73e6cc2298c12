import { useCallback, useEffect, useMemo, useRef, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useShortcuts } from "../shared/keyboard";
import { reviewHref, type ItemsLocationState } from "../shared/links";
import type { ItemRow } from "./items-columns";
import type { ItemsTableState } from "../shared/items-url-state";
import type { ItemsPage } from "./use-items-page";
import { usePrefetchFocusedCall } from "./use-prefetch-focused-call";
import { useRowFocus } from "./use-row-focus";

type Options = {
  project: string;
  queueId: string;
  state: ItemsTableState;
  page: ItemsPage;
  /** The page on screen is the one asked for, read from the service (not a placeholder or a refetch). */
  fresh: boolean;
  tableRegion: RefObject<HTMLElement | null>;
  firstFilter: RefObject<HTMLInputElement | null>;
  /** Unfolds the filters (folded on a phone) before "/" focuses the first one. */
  showFilters: () => void;
  onPage: (page: number) => void;
};

/**
 * Moving through the table by keyboard and opening rows: j/k move the focus (past a page's edge
 * they turn the page), Enter or a click opens the review with the table's view, "/" goes to the
 * filters and Escape there comes back to the row, and returning from a review focuses the row that
 * was open. The focused row's call is read ahead, so the review opens with it.
 */
export function useItemsRowNavigation({
  project,
  queueId,
  state,
  page,
  fresh,
  tableRegion,
  firstFilter,
  showFilters,
  onPage,
}: Options) {
  const navigate = useNavigate();
  const location = useLocation();

  const rows = useMemo<ItemRow[]>(
    () =>
      page.items.map((item, index) => ({
        ...item,
        reviewHref: reviewHref(project, queueId, item.id, state, page.offset + index),
      })),
    [page.items, page.offset, project, queueId, state],
  );
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  const currentRows = useCallback(() => rowsRef.current, []);

  // j past the last row turns to the next page (k before the first, to the previous) and focuses
  // its first (last) row once that page is on screen.
  const focusOnNewPage = useRef<"first" | "last" | null>(null);
  const pastEdgeRef = useRef<(direction: 1 | -1) => void>(() => undefined);
  const rowFocus = useRowFocus(
    tableRegion,
    useCallback(() => rowsRef.current.length, []),
    useCallback((direction: 1 | -1) => pastEdgeRef.current(direction), []),
  );
  useEffect(() => {
    pastEdgeRef.current = (direction) => {
      if (direction === 1 ? !page.hasNext : state.page <= 1) return;
      focusOnNewPage.current = direction === 1 ? "first" : "last";
      onPage(state.page + direction);
    };
  }, [page.hasNext, state.page, onPage]);
  useEffect(() => {
    if (!focusOnNewPage.current || !fresh || rows.length === 0) return;
    const index = focusOnNewPage.current === "first" ? 0 : rows.length - 1;
    focusOnNewPage.current = null;
    void rowFocus.focusIndex(index);
  }, [rows, fresh, rowFocus]);

  usePrefetchFocusedCall(tableRegion, project, currentRows);
  const onOpen = useCallback(
    (index: number) => {
      const row = rowsRef.current[index];
      if (row) navigate(row.reviewHref);
    },
    [navigate],
  );

  // Back from a review: focus the row that was open, once the page is read again (a cached page
  // may hold the row at another place: items left the list while the review was open).
  const focusItemId = (location.state as ItemsLocationState)?.focusItemId;
  const focusedOnce = useRef<string | null>(null);
  useEffect(() => {
    if (!focusItemId || focusedOnce.current === focusItemId || !fresh || rows.length === 0) return;
    const index = rows.findIndex((row) => row.id === focusItemId);
    if (index === -1) return;
    focusedOnce.current = focusItemId;
    void rowFocus.focusIndex(index);
  }, [focusItemId, rows, rowFocus, fresh]);

  const moveFocus = useMovesBeforeRows(rowFocus.move, rows.length, fresh);

  // "/" remembers the focused row, so Escape in a filter puts focus back where it was.
  const rowBeforeFilters = useRef<number | null>(null);
  const backToTable = useCallback(() => void rowFocus.focusIndex(rowBeforeFilters.current ?? 0), [rowFocus]);
  useShortcuts({
    j: () => moveFocus(1),
    k: () => moveFocus(-1),
    "/": (event) => {
      event.preventDefault();
      rowBeforeFilters.current = rowFocus.focusedIndex();
      showFilters();
      firstFilter.current?.focus();
    },
  });

  return { rows, onOpen, backToTable, scrollToRowRef: rowFocus.scrollToRowRef };
}

/**
 * Moves kept while the first page loads, at most: a key held down through a slow load repeats 30 times a
 * second, and replaying all of that would race through the page and turn it (the review bounds its queued
 * steps the same way).
 */
const MAX_MOVES_BEFORE_ROWS = 10;

/**
 * j/k pressed while the table has no rows yet (its first page still being read) are kept and made, in order, once
 * the rows are on screen: someone who opens the table and presses j at once lands on the first row, as they would
 * a moment later. When the page turns out empty, or cannot be read, they are dropped.
 */
function useMovesBeforeRows(move: (delta: 1 | -1) => void, rowCount: number, fresh: boolean) {
  const waiting = useRef<Array<1 | -1>>([]);
  const loading = rowCount === 0 && !fresh;
  const loadingRef = useRef(loading);
  useEffect(() => {
    loadingRef.current = loading;
    if (loading) return;
    for (const delta of waiting.current.splice(0)) move(delta);
  }, [loading, move]);
  return useCallback(
    (delta: 1 | -1) => {
      if (!loadingRef.current) move(delta);
      else if (waiting.current.length < MAX_MOVES_BEFORE_ROWS) waiting.current.push(delta);
    },
    [move],
  );
}
