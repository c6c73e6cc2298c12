import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ErrorPanel } from "@/components/error-panel";
import { LoadingBar } from "@/components/loading-bar";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { ColumnChooser, pageKeepingFirstRow, pageResult, Pagination } from "@/components/table";
import { UrlIssuesNotice } from "@/components/url-issues-notice";
import { formatCount } from "@/lib/number-format";
import { useUrlTable } from "@/lib/url-state/use-url-table";
import { NoProjectNotice, useAnnotationProject } from "@/features/queues";
import { AddToQueueDialog } from "./add-to-queue-dialog";
import { CHOOSABLE_COLUMNS, useCallsColumns } from "./calls-columns";
import { callsQueryProblems } from "./calls-errors";
import { CallsFiltersBar } from "./calls-filters";
import { CallsTable } from "./calls-table";
import {
  CALLS_URL_CODEC,
  isFiltered,
  NO_FILTERS,
  PAGE_SIZES,
  type CallSortField,
  type CallsFilters,
  type CallsPageSize,
} from "./calls-url-state";
import type { SortKey } from "@/lib/url-state/sort-param";
import { SAMPLE_CALLS, sampleOfChosen } from "./display-field-paths";
import { useAddToQueue } from "./use-add-to-queue";
import { useCallsPage } from "./use-calls-page";

// Where app/routes.tsx finds it: the page's own file, already on its way on a cold load.
export { prefetchCallsPage } from "./use-calls-page";
import { selectedCount, useCallSelection } from "./use-call-selection";

/** /calls: the project's calls, filtered, sorted and paged by the service; select some and add them to a queue. */
export function CallsPage() {
  const project = useAnnotationProject();
  if (!project) return <NoProjectNotice pageTitle="Calls" />;
  return (
    <PanelErrorBoundary label="The calls" resetKeys={[project]}>
      <Calls project={project} />
    </PanelErrorBoundary>
  );
}

function Calls({ project }: { project: string }) {
  const { state: view, update, issues, dismissIssues } = useUrlTable(CALLS_URL_CODEC);
  const data = useCallsPage(project, view);
  const columns = useCallsColumns();
  const filters: CallsFilters = useMemo(
    () => ({
      op: view.op,
      traceId: view.traceId,
      after: view.after,
      before: view.before,
      rootsOnly: view.rootsOnly,
      text: view.text,
    }),
    [view.op, view.traceId, view.after, view.before, view.rootsOnly, view.text],
  );
  const filterKey = JSON.stringify(filters);
  const selection = useCallSelection(filterKey);
  const adder = useAddToQueue(project, selection.selection, filters, data.total);
  const [addOpen, setAddOpen] = useState(false);
  const filtered = isFiltered(filters);
  const context = useMemo(
    () => ({ catalog: data.catalog, previewsPending: data.previewsPending }),
    [data.catalog, data.previewsPending],
  );
  const pageKey = `${filterKey}|${view.page}|${view.pageSize}|${view.sort.map((k) => `${k.field}.${k.direction}`).join()}`;

  const onFilters = useCallback(
    (change: Partial<CallsFilters>, typing?: string) => update({ ...change, page: 1 }, typing ? { typing } : {}),
    [update],
  );
  const onClear = useCallback(() => update({ ...NO_FILTERS, page: 1 }), [update]);
  const onSortChange = useCallback((sort: SortKey<CallSortField>[]) => update({ sort, page: 1 }), [update]);
  const loadingPage = data.page.isPlaceholderData && data.page.isFetching;
  const onPage = useCallback((page: number) => update({ page: Math.max(1, page) }), [update]);
  const onPageSize = useCallback(
    (size: CallsPageSize) => update((current) => ({ pageSize: size, page: pageKeepingFirstRow(current, size) })),
    [update],
  );

  const count = selectedCount(selection.selection, data.total);
  const sample = useMemo(
    () =>
      selection.selection.kind === "some"
        ? sampleOfChosen(selection.selection.calls.values(), data.calls)
        : data.calls.slice(0, SAMPLE_CALLS),
    [selection.selection, data.calls],
  );
  const chosen = selection.selection.kind === "some" ? selection.selection.calls : null;
  const allOnPageSelected = chosen !== null && data.calls.length > 0 && data.calls.every((c) => chosen.has(c.id));
  const initialLoad = !data.page.data && data.page.isFetching;
  const problems = callsQueryProblems(data.page.error ?? data.count.error);

  return (
    <div className="space-y-4">
      <PageHeader
        title="Calls"
        description={
          <>
            Every recorded call of <code className="font-mono text-xs">{project}</code>. Select calls and add them to an
            annotation queue.
          </>
        }
        actions={
          <ColumnChooser
            columns={CHOOSABLE_COLUMNS}
            visibility={columns.visibility}
            onChange={columns.update}
            onReset={columns.reset}
          />
        }
      />
      <UrlIssuesNotice issues={issues} onDismiss={dismissIssues} />
      <CallsFiltersBar
        filters={filters}
        onChange={onFilters}
        onClear={onClear}
        catalog={data.catalog}
        opsLoading={data.ops.isPending}
        filtered={filtered}
        errors={problems.fields}
      />
      {data.ops.isError ? (
        <ErrorPanel
          error={data.ops.error}
          title="Could not load the project's operations"
          onRetry={() => void data.ops.refetch()}
        />
      ) : null}

      <section aria-label="Selection" className="flex min-h-10 flex-wrap items-center gap-2 text-sm">
        <output aria-live="polite" className="text-fg">
          {count === null
            ? "Counting…"
            : count === 0
              ? "No calls selected."
              : selection.selection.kind === "matching"
                ? `All ${formatCount(count)} matching calls selected.`
                : `${formatCount(count)} ${count === 1 ? "call" : "calls"} selected.`}
        </output>
        {allOnPageSelected && data.total !== null && data.total > data.calls.length ? (
          <Button size="sm" variant="ghost" onClick={selection.selectMatching}>
            Select all {formatCount(data.total)} matching calls
          </Button>
        ) : null}
        {count !== 0 ? (
          <Button size="sm" variant="ghost" onClick={selection.clear}>
            Clear selection
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="primary"
          className="ml-auto"
          disabled={!count}
          onClick={() => {
            adder.reset();
            setAddOpen(true);
          }}
        >
          Add to queue…
        </Button>
      </section>

      {data.page.isError && problems.other ? (
        <ErrorPanel error={data.page.error} title="Could not load the calls" onRetry={() => void data.page.refetch()} />
      ) : null}
      {data.previews.isError && !data.page.isError ? (
        <ErrorPanel
          error={data.previews.error}
          title="Could not load the calls' inputs and outputs"
          onRetry={() => void data.previews.refetch()}
        />
      ) : null}
      {data.count.isError && problems.other ? (
        <ErrorPanel
          error={data.count.error}
          title="Could not count the calls"
          onRetry={() => void data.count.refetch()}
        />
      ) : null}

      <div className="space-y-2">
        <div className="h-0.5">
          <LoadingBar active={data.page.isFetching && !!data.page.data} label="Loading calls" />
        </div>
        {initialLoad ? <output className="sr-only">Loading calls…</output> : null}
        <CallsTable
          calls={data.calls}
          pageKey={pageKey}
          visibility={columns.visibility}
          sort={view.sort}
          onSortChange={onSortChange}
          selection={selection.selection}
          onToggle={selection.toggle}
          onTogglePage={selection.togglePage}
          context={context}
          busy={data.page.isFetching}
          showingPreviousView={data.page.isPlaceholderData}
          offset={data.offset}
          total={data.total}
          placeholderRows={initialLoad ? Math.min(view.pageSize, 25) : 0}
          empty={
            data.page.isError ? (
              <p>{problems.other ? "The calls could not be loaded." : "Fix the filter marked above to see calls."}</p>
            ) : view.page > 1 ? (
              <EmptyState
                title={`Page ${formatCount(view.page)} is past the end of this list`}
                action={<Button onClick={() => onPage(1)}>Go to the first page</Button>}
                className="border-none"
              />
            ) : filtered ? (
              <EmptyState
                title="No calls match these filters"
                action={<Button onClick={onClear}>Clear filters</Button>}
                className="border-none"
              />
            ) : (
              <EmptyState
                title="This project has no calls yet"
                description="Calls appear here once an app traced with Weave runs against this project."
                className="border-none"
              />
            )
          }
        />
        <Pagination
          page={view.page}
          pageSize={view.pageSize}
          pageSizes={PAGE_SIZES}
          result={pageResult(data, data.calls)}
          loading={loadingPage}
          onPage={onPage}
          onPageSize={onPageSize}
        />
      </div>

      <AddToQueueDialog
        open={addOpen}
        onClose={() => {
          if (adder.status.kind === "ended" && adder.status.outcome.status === "finished") selection.clear();
          adder.reset();
          setAddOpen(false);
        }}
        projectId={project}
        count={count}
        sample={sample}
        status={adder.status}
        onStart={adder.start}
        onCancel={adder.cancel}
        onRetry={adder.retry}
      />
    </div>
  );
}
