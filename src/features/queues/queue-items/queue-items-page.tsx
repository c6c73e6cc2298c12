import { useCallback, useId, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useParams } from "react-router-dom";
import { Button, buttonClasses } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { LoadingBar } from "@/components/loading-bar";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { choosableColumns, ColumnChooser, pageResult, Pagination } from "@/components/table";
import { UrlIssuesNotice } from "@/components/url-issues-notice";
import { useUrlTable } from "@/lib/url-state/use-url-table";
import { useQueue, useQueueTotals } from "../api/queue";
import { useShortcuts } from "../shared/keyboard";
import { insightsHref, judgesHref, trainHref } from "../shared/links";
import { NoProjectNotice } from "../shared/no-project-notice";
import { QueueProgress } from "../shared/queue-progress";
import { QueueGone, queueIsGone } from "../shared/queue-gone";
import { QueueActions } from "../queue-manage/queue-actions";
import { ShortcutsDialog, type Shortcut } from "../shared/shortcuts-dialog";
import { useAnnotationProject } from "../shared/use-annotation-project";
import { withPhoneQuestionDefaults } from "./answer-columns";
import { useColumnVisibility } from "./items-columns";
import { ExportDialog } from "./export/export-dialog";
import { useExport } from "./export/use-export";
import { ItemsEmptyState } from "./items-empty-state";
import { itemsQueryProblems } from "./items-errors";
import { ItemsFilters, useFiltersFold } from "./items-filters";
import { ItemsTable } from "./items-table";
import { ITEMS_URL_CODEC, PAGE_SIZES, TEXT_FILTERS } from "../shared/items-url-state";
import { QueueItemsHeader } from "./queue-items-header";
import { TeamPanel } from "./team-panel";
import { useItemsPage } from "./use-items-page";
import { useItemsRowNavigation } from "./use-items-row-navigation";
import { useItemsViewChanges } from "./use-items-view-changes";
import { useOpChoices } from "./use-op-choices";
import { answerColumnId, itemColumnsWith } from "./answer-columns";
import { usePageAnswers } from "./use-page-answers";
import { PageClaimsProvider, usePageClaims } from "./page-claims";
import { StartAnnotating } from "./start-annotating";

export { prefetchQueueItems } from "./use-items-page";

export const TABLE_SHORTCUTS: readonly Shortcut[] = [
  { keys: ["j"], action: "Focus the next row (past the last, the next page)" },
  { keys: ["k"], action: "Focus the previous row (before the first, the previous page)" },
  { keys: ["Enter"], action: "Open the focused row" },
  { keys: ["/"], action: "Go to the filters (Esc comes back to the table)" },
  { keys: ["w"], action: "Start annotating: claim the next item offered to you and open it in work mode" },
  { keys: ["?"], action: "Show these shortcuts" },
];

/** /queues/:queueId: the queue's items, filtered, sorted and paged by the service. */
export function QueueItemsPage() {
  const project = useAnnotationProject();
  const { queueId = "" } = useParams();
  if (!project) return <NoProjectNotice pageTitle="Annotation queue" />;
  return (
    <PanelErrorBoundary label="The queue's items" resetKeys={[project, queueId]}>
      <QueueItems project={project} queueId={queueId} />
    </PanelErrorBoundary>
  );
}

function QueueItems({ project, queueId }: { project: string; queueId: string }) {
  const titleId = useId();
  const queue = useQueue(project, queueId);
  const totals = useQueueTotals(project, queueId);
  const { state, update, issues, dismissIssues } = useUrlTable(ITEMS_URL_CODEC);
  const queueTotal = totals.data?.total_items ?? null;
  const { query, page } = useItemsPage(project, queueId, state, queueTotal);
  const columns = useColumnVisibility();
  const tableRegion = useRef<HTMLDivElement>(null);
  const firstFilter = useRef<HTMLInputElement>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);

  const loadingPage = query.isPlaceholderData && query.isFetching;
  const change = useItemsViewChanges(state, update, { loadingPage, tableRegion });
  const fresh = !query.isPlaceholderData && !query.isFetching;
  const problems = itemsQueryProblems(query.error);
  const [filtersExpanded, setFiltersExpanded] = useFiltersFold(Object.keys(problems.fields).length > 0);
  // Synchronously, so the first filter exists to take the focus right after.
  const showFilters = useCallback(() => flushSync(() => setFiltersExpanded(true)), [setFiltersExpanded]);
  const navigation = useItemsRowNavigation({
    project,
    queueId,
    state,
    page,
    fresh,
    tableRegion,
    firstFilter,
    showFilters,
    onPage: change.onPage,
  });
  const opChoices = useOpChoices(project, queueId, page.items);
  const pageAnswers = usePageAnswers(project, queue.data, page.items);
  const pageClaims = usePageClaims(project, queueId, page.items);
  const exporter = useExport(project, queueId, queue.data?.name ?? "Queue", state, pageAnswers.specs);
  const itemColumns = useMemo(() => itemColumnsWith(pageAnswers.specs), [pageAnswers.specs]);
  const choosable = useMemo(() => choosableColumns(itemColumns), [itemColumns]);
  const questionColumnIds = useMemo(() => pageAnswers.specs.map(answerColumnId), [pageAnswers.specs]);
  const visibility = useMemo(
    () => withPhoneQuestionDefaults(columns.visibility, questionColumnIds),
    [columns.visibility, questionColumnIds],
  );
  const startAnnotating = useRef<HTMLButtonElement>(null);
  useShortcuts({ "?": () => setShortcutsOpen(true), w: () => startAnnotating.current?.click() });

  const textValues = useMemo(
    () => ({
      op: state.op,
      callId: state.callId,
      traceId: state.traceId,
      itemId: state.itemId,
      addedBy: state.addedBy,
    }),
    [state.op, state.callId, state.traceId, state.itemId, state.addedBy],
  );
  const filtered = state.states.length > 0 || TEXT_FILTERS.some((f) => state[f.key] !== "");
  const initialLoad = !query.data && query.isFetching;
  const pastEnd = !!query.data && !query.isPlaceholderData && page.items.length === 0 && state.page > 1;
  const questions = pageAnswers.specs.length;
  const withAnswers =
    questions > 0
      ? ` Each row carries its answers to the queue's ${questions === 1 ? "question" : `${questions} questions`}.`
      : "";
  const viewSummary = `${filtered ? "Rows matching the current filters" : "Every row of the queue"}, in the table's order${state.sort.length ? "" : " (oldest first)"}.${withAnswers}`;

  // The header's height depends on the queue's description: until it is known, show only this
  // line, so the header, filters and table then appear together instead of being pushed down.
  if (queue.isPending) return <output className="block py-8 text-center text-sm text-fg-muted">Loading queue…</output>;
  if (queue.isError && queueIsGone(queue.error)) return <QueueGone />;

  return (
    <div className="space-y-4">
      <QueueItemsHeader
        titleId={titleId}
        queue={queue.data}
        failed={queue.isError}
        controls={
          <>
            {/* Room for the progress from the start, so its arrival does not re-flow the title. */}
            <div className="mr-2 flex min-w-72 justify-end">
              {totals.data ? (
                <QueueProgress
                  done={totals.data.completed_items}
                  total={totals.data.total_items}
                  label="Queue progress"
                />
              ) : null}
            </div>
            <StartAnnotating
              ref={startAnnotating}
              project={project}
              queueId={queueId}
              view={state}
              scorerRefs={queue.data ? (queue.data.scorer_refs ?? []) : undefined}
            />
            <Link to={insightsHref(project, queueId)} className={buttonClasses("secondary", "md")}>
              Insights
            </Link>
            <Link to={judgesHref(project, queueId)} className={buttonClasses("secondary", "md")}>
              Judges
            </Link>
            <Link to={trainHref(project, queueId)} className={buttonClasses("secondary", "md")}>
              Train from this queue
            </Link>
            {queue.data ? <QueueActions projectId={project} queue={queue.data} /> : null}
            <Button
              onClick={() => setExportOpen(true)}
              disabled={pageAnswers.questionsPending}
              title={
                pageAnswers.questionsPending
                  ? "Reading the queue's questions, so the export can include the answers…"
                  : undefined
              }
            >
              Export…
            </Button>
            <ColumnChooser
              columns={choosable}
              visibility={visibility}
              onChange={columns.update}
              onReset={columns.reset}
            />
            <Button
              variant="ghost"
              onClick={() => setShortcutsOpen(true)}
              aria-label="Keyboard shortcuts"
              title="Keyboard shortcuts (?)"
            >
              ?
            </Button>
          </>
        }
      />

      {queue.isError ? (
        <ErrorPanel error={queue.error} title="Could not load this queue" onRetry={() => void queue.refetch()} />
      ) : null}
      <UrlIssuesNotice issues={issues} onDismiss={dismissIssues} />

      <ItemsFilters
        values={textValues}
        states={state.states}
        onTextCommit={change.onTextCommit}
        onStatesChange={change.onStatesChange}
        onClear={change.onClear}
        errors={problems.fields}
        opChoices={opChoices}
        firstFieldRef={firstFilter}
        onEscape={navigation.backToTable}
        expanded={filtersExpanded}
        onExpandedChange={setFiltersExpanded}
      />

      {query.isError && problems.other ? (
        <ErrorPanel error={query.error} title="Could not load the queue's items" onRetry={() => void query.refetch()} />
      ) : null}

      <div ref={tableRegion} className="space-y-2">
        <div className="h-0.5">
          <LoadingBar active={query.isFetching && !!query.data} label="Loading items" />
        </div>
        {initialLoad ? <output className="sr-only">Loading items…</output> : null}
        <PageClaimsProvider value={pageClaims}>
          <ItemsTable
            rows={navigation.rows}
            sorting={change.sorting}
            onSortingChange={change.onSortingChange}
            columnVisibility={visibility}
            labelledBy={titleId}
            busy={query.isFetching}
            placeholderRows={initialLoad ? state.pageSize : 0}
            offset={page.offset}
            total={page.total}
            onOpen={navigation.onOpen}
            empty={
              <ItemsEmptyState
                project={project}
                failed={query.isError}
                otherProblem={!!problems.other}
                pastEndOfPage={pastEnd ? state.page : null}
                filtered={filtered}
                onFirstPage={() => update({ page: 1 })}
                onClearFilters={change.onClear}
              />
            }
            scrollToRowRef={navigation.scrollToRowRef}
            columns={itemColumns}
            answers={pageAnswers.answers}
            opChoices={opChoices}
          />
        </PageClaimsProvider>
        {pageAnswers.feedback.isError ? (
          <ErrorPanel
            error={pageAnswers.feedback.error}
            title="Could not read the answers on this page"
            onRetry={() => void pageAnswers.feedback.refetch()}
          />
        ) : null}
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          pageSizes={PAGE_SIZES}
          result={pageResult(page, page.items)}
          loading={loadingPage}
          onPage={change.onPage}
          onPageSize={change.onPageSize}
        />
        {state.sort.length === 0 ? (
          <p className="text-xs text-fg-muted">
            Order: oldest added first (the service&apos;s default). Click a header to sort; Shift+click to add a key.
          </p>
        ) : null}
      </div>

      {queue.data ? <TeamPanel project={project} queue={queue.data} /> : null}

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
