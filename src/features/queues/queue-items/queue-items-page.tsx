import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { SortingState, Updater } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import type { AnnotationState } from "../../../../contract/trace";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorPanel } from "../../../components/error-panel";
import { LoadingBar } from "../../../components/loading-bar";
import { PanelErrorBoundary } from "../../../components/panel-error-boundary";
import { formatCount } from "../../../lib/format";
import { reviewHref } from "../shared/links";
import { NoProjectNotice } from "../shared/no-project-notice";
import { useQueue, useQueueTotals } from "../shared/queue-queries";
import { QueueProgress } from "../shared/queue-progress";
import { useShortcuts } from "../shared/keyboard";
import { ShortcutsDialog, type Shortcut } from "../shared/shortcuts-dialog";
import { useAnnotationProject } from "../shared/use-annotation-project";
import { ColumnChooser } from "./column-chooser";
import { useColumnVisibility } from "./column-visibility";
import { ExportDialog } from "./export/export-dialog";
import { useExport } from "./export/use-export";
import type { ItemRow } from "./items-columns";
import { itemsQueryProblems } from "./items-errors";
import { ItemsFilters } from "./items-filters";
import { ItemsPagination } from "./items-pagination";
import { ItemsTable } from "./items-table";
import { TEXT_FILTERS, sortingToSortBy, type PageSize, type TextFilterKey } from "./items-url-state";
import { UrlIssuesNotice } from "./url-issues-notice";
import { useItemsPage } from "./use-items-page";
import { useItemsUrlState } from "./use-items-url-state";
import { usePrefetchFocusedCall } from "./use-prefetch-focused-call";
import { useRowFocus } from "./use-row-focus";
import { UntrustedText } from "../../../components/untrusted-text";
import { paths } from "../../../lib/paths";

export const TABLE_SHORTCUTS: readonly Shortcut[] = [
  { keys: ["j"], action: "Focus the next row (past the last, the next page)" },
  { keys: ["k"], action: "Focus the previous row (before the first, the previous page)" },
  { keys: ["Enter"], action: "Open the focused row" },
  { keys: ["/"], action: "Go to the filters (Esc comes back to the table)" },
  { keys: ["?"], action: "Show these shortcuts" },
];

/** Where the review page asks the table to put focus when the user comes back. */
export type ItemsLocationState = { focusItemId?: string } | null;

/** /queues/:queueId: the queue's items, filtered, sorted and paged by the service. */
export function QueueItemsPage() {
  const project = useAnnotationProject();
  const { queueId = "" } = useParams();
  if (!project) return <NoProjectNotice />;
  return (
    <PanelErrorBoundary label="The queue's items" resetKeys={[project, queueId]}>
      <QueueItems project={project} queueId={queueId} />
    </PanelErrorBoundary>
  );
}

function QueueItems({ project, queueId }: { project: string; queueId: string }) {
  const titleId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queue = useQueue(project, queueId);
  const totals = useQueueTotals(project, queueId);
  const { state, update, issues, dismissIssues } = useItemsUrlState();
  const queueTotal = totals.data?.total_items ?? null;
  const { query, page } = useItemsPage(project, queueId, state, queueTotal);
  const columns = useColumnVisibility();
  const tableRegion = useRef<HTMLDivElement>(null);
  const firstFilter = useRef<HTMLInputElement>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const queueName = queue.data?.name ?? "Queue";
  const exporter = useExport(project, queueId, queueName, state);

  // ---- the view's changes: each goes to the URL ----
  const lastTextFilter = useRef<TextFilterKey | null>(null);
  const onTextCommit = useCallback(
    (key: TextFilterKey, value: string) => {
      // Successive commits of the same field (typing with pauses) replace one history entry.
      const replace = lastTextFilter.current === key;
      lastTextFilter.current = key;
      update({ [key]: value, page: 1 }, { replace });
    },
    [update],
  );
  const onStatesChange = useCallback(
    (states: AnnotationState[]) => {
      lastTextFilter.current = null;
      update({ states, page: 1 });
    },
    [update],
  );
  const onClear = useCallback(() => {
    lastTextFilter.current = null;
    update({ ...Object.fromEntries(TEXT_FILTERS.map((f) => [f.key, ""])), states: [], page: 1 });
  }, [update]);

  const sorting = useMemo<SortingState>(() => state.sort.map((s) => ({ id: s.field, desc: s.direction === "desc" })), [state.sort]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      lastTextFilter.current = null;
      update((current) => {
        const previous = current.sort.map((s) => ({ id: s.field, desc: s.direction === "desc" }));
        const next = functionalUpdate(updater, previous);
        return { sort: sortingToSortBy(next), page: 1 };
      });
    },
    [update],
  );

  const loadingPage = query.isPlaceholderData && query.isFetching;
  const onPage = useCallback(
    (next: number) => {
      if (loadingPage) return;
      lastTextFilter.current = null;
      update({ page: Math.max(1, next) });
      // The page buttons sit under the table: bring the new page's first rows into view.
      const region = tableRegion.current;
      if (region && region.getBoundingClientRect().top < 0) region.scrollIntoView({ block: "start" });
    },
    [update, loadingPage],
  );
  const onPageSize = useCallback(
    (size: PageSize) => {
      lastTextFilter.current = null;
      // Keep the first row on screen in view: the page becomes the one that holds it.
      update((current) => ({ pageSize: size, page: Math.floor(((current.page - 1) * current.pageSize) / size) + 1 }));
    },
    [update],
  );

  // ---- rows, and opening one ----
  const rows = useMemo<ItemRow[]>(
    () => page.items.map((item, index) => ({ ...item, reviewHref: reviewHref(queueId, item.id, state, page.offset + index) })),
    [page.items, page.offset, queueId, state],
  );
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  // j past the last row turns to the next page (k before the first, to the previous) and focuses
  // its first (last) row once that page is on screen.
  const focusOnNewPage = useRef<"first" | "last" | null>(null);
  const pastEdgeRef = useRef<(direction: 1 | -1) => void>(() => undefined);
  const rowFocus = useRowFocus(
    tableRegion,
    useCallback(() => rowsRef.current.length, []),
    useCallback((direction: 1 | -1) => pastEdgeRef.current(direction), []),
  );
  usePrefetchFocusedCall(tableRegion, project, useCallback(() => rowsRef.current, []));
  const onOpen = useCallback((index: number) => {
    const row = rowsRef.current[index];
    if (row) navigate(row.reviewHref);
  }, [navigate]);

  // Back from a review: focus the row that was open, once the page is read again (a cached page
  // may hold the row at another place: items left the list while the review was open).
  const focusItemId = (location.state as ItemsLocationState)?.focusItemId;
  const focusedOnce = useRef<string | null>(null);
  const fresh = !query.isPlaceholderData && !query.isFetching;
  useEffect(() => {
    if (!focusItemId || focusedOnce.current === focusItemId || !fresh || rows.length === 0) return;
    const index = rows.findIndex((row) => row.id === focusItemId);
    if (index === -1) return;
    focusedOnce.current = focusItemId;
    void rowFocus.focusIndex(index);
  }, [focusItemId, rows, rowFocus, fresh]);

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

  // "/" remembers the focused row, so Escape in a filter puts focus back where it was.
  const rowBeforeFilters = useRef<number | null>(null);
  const backToTable = useCallback(() => void rowFocus.focusIndex(rowBeforeFilters.current ?? 0), [rowFocus]);

  // Operation names seen so far, offered in the Operation filter (it matches exact names only).
  const [knownOps, setKnownOps] = useState<{ from: readonly unknown[] | null; ops: string[] }>({ from: null, ops: [] });
  if (knownOps.from !== page.items) {
    const seen = new Set(knownOps.ops);
    const added = page.items.map((i) => i.call_op_name).filter((op) => !seen.has(op) && !!seen.add(op));
    setKnownOps({ from: page.items, ops: added.length > 0 ? [...knownOps.ops, ...added].sort() : knownOps.ops });
  }

  useShortcuts({
    j: () => rowFocus.move(1),
    k: () => rowFocus.move(-1),
    "/": (event) => {
      event.preventDefault();
      rowBeforeFilters.current = rowFocus.focusedIndex();
      firstFilter.current?.focus();
    },
    "?": () => setShortcutsOpen(true),
  });

  const problems = itemsQueryProblems(query.error);
  const textValues = useMemo(
    () => ({ op: state.op, callId: state.callId, traceId: state.traceId, itemId: state.itemId, addedBy: state.addedBy }),
    [state.op, state.callId, state.traceId, state.itemId, state.addedBy],
  );
  const filtered = state.states.length > 0 || TEXT_FILTERS.some((f) => state[f.key] !== "");
  const initialLoad = !query.data && query.isFetching;
  const pastEnd = !!query.data && !query.isPlaceholderData && page.items.length === 0 && state.page > 1;

  const empty = query.isError ? (
    <p className="text-center text-sm text-fg-muted">{problems.other ? "The items could not be loaded." : "Fix the filter marked above to see items."}</p>
  ) : pastEnd ? (
    <EmptyState
      title={`Page ${formatCount(state.page)} is past the end of this list`}
      description="The list has fewer rows than that (items may have been removed, or the filters changed)."
      action={<Button onClick={() => update({ page: 1 })}>Go to the first page</Button>}
      className="border-none"
    />
  ) : filtered ? (
    <EmptyState title="No items match these filters" description="Filters match exact values; try removing one." action={<Button onClick={onClear}>Clear filters</Button>} className="border-none" />
  ) : (
    <EmptyState
      title="This queue has no items yet"
      description="Items are calls added to the queue from the Weave UI (select calls in a traces table and add them to this queue) or with the SDK/API."
      className="border-none"
    />
  );

  const viewSummary = `${filtered ? "Rows matching the current filters" : "Every row of the queue"}, in the table's order${state.sort.length ? "" : " (oldest first)"}.`;

  // The header's height depends on the queue's description: until it is known, show only this
  // line, so the header, filters and table then appear together instead of being pushed down.
  if (queue.isPending) {
    return (
      <output className="block py-8 text-center text-sm text-fg-muted">Loading queue…</output>
    );
  }

  return (
    <div className="space-y-4">
      <header className="space-y-2 border-b border-line pb-4">
        <nav aria-label="Breadcrumb" className="text-xs text-fg-muted">
          <Link to={paths.queues} className="hover:text-fg hover:underline">
            Annotation queues
          </Link>
          <span aria-hidden="true"> / </span>
        </nav>
        {/* On wide screens the controls keep their place beside the title whatever its length. */}
        <div className="flex flex-col items-start gap-4 lg:flex-row lg:justify-between">
          <div className="min-w-0 lg:flex-1">
            <h1 id={titleId} className="text-lg font-semibold tracking-tight text-fg">
              {queue.data ? <UntrustedText text={queue.data.name} className="break-words" /> : queue.isError ? "Queue" : "Loading queue…"}
            </h1>
            {queue.data?.description ? <p className="mt-1 max-w-3xl text-sm break-words text-fg-muted"><UntrustedText text={queue.data.description} mode="controls" /></p> : null}
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {/* Room for the progress from the start, so its arrival does not re-flow the title. */}
            <div className="mr-2 flex min-w-72 justify-end">
              {totals.data ? <QueueProgress done={totals.data.completed_items} total={totals.data.total_items} label="Queue progress" /> : null}
            </div>
            <Button onClick={() => setExportOpen(true)}>Export…</Button>
            <ColumnChooser visibility={columns.visibility} onChange={columns.update} onReset={columns.reset} />
            <Button variant="ghost" onClick={() => setShortcutsOpen(true)} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
              ?
            </Button>
          </div>
        </div>
      </header>

      {queue.isError ? <ErrorPanel error={queue.error} title="Could not load this queue" onRetry={() => void queue.refetch()} /> : null}
      <UrlIssuesNotice issues={issues} onDismiss={dismissIssues} />

      <ItemsFilters
        values={textValues}
        states={state.states}
        onTextCommit={onTextCommit}
        onStatesChange={onStatesChange}
        onClear={onClear}
        errors={problems.fields}
        knownOps={knownOps.ops}
        firstFieldRef={firstFilter}
        onEscape={backToTable}
      />

      {query.isError && problems.other ? (
        <ErrorPanel error={query.error} title="Could not load the queue's items" onRetry={() => void query.refetch()} />
      ) : null}

      <div ref={tableRegion} className="space-y-2">
        <div className="h-0.5">
          <LoadingBar active={query.isFetching && !!query.data} label="Loading items" />
        </div>
        {initialLoad ? (
          <output className="sr-only">Loading items…</output>
        ) : null}
        <ItemsTable
          rows={rows}
          sorting={sorting}
          onSortingChange={onSortingChange}
          columnVisibility={columns.visibility}
          labelledBy={titleId}
          busy={query.isFetching}
          placeholderRows={initialLoad ? state.pageSize : 0}
          offset={page.offset}
          total={page.total}
          onOpen={onOpen}
          empty={empty}
          scrollToRowRef={rowFocus.scrollToRowRef}
        />
        <ItemsPagination
          page={state.page}
          pageSize={state.pageSize}
          offset={page.offset}
          shownCount={page.items.length}
          total={page.total}
          hasNext={page.hasNext}
          loading={loadingPage}
          onPage={onPage}
          onPageSize={onPageSize}
        />
        {state.sort.length === 0 ? <p className="text-xs text-fg-muted">Order: oldest added first (the service&apos;s default). Click a header to sort; Shift+click to add a key.</p> : null}
      </div>

      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} shortcuts={TABLE_SHORTCUTS} />
      <ExportDialog
        open={exportOpen}
        onClose={() => {
          exporter.reset();
          setExportOpen(false);
        }}
        status={exporter.status}
        onStart={(format) => void exporter.start(format)}
        onCancel={exporter.cancel}
        total={filtered ? (page.total ?? null) : queueTotal}
        viewSummary={viewSummary}
      />
    </div>
  );
}

