import { useMemo, useState } from "react";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ErrorPanel } from "@/components/error-panel";
import { LoadingBar } from "@/components/loading-bar";
import { Section } from "@/components/section";
import { Pagination } from "@/components/table";
import { UrlIssuesNotice } from "@/components/url-issues-notice";
import { useUrlTable } from "@/lib/url-state/use-url-table";
import { formatCount } from "@/lib/number-format";
import { defaultDirection, orderMetrics, type Direction } from "../metrics";
import { BestPicker } from "./best-picker";
import { bestCheckpoint, defaultRankingMetric } from "./best-checkpoint";
import type { ModelPath } from "./checkpoint-actions";
import { useCheckpointsPage, useCheckpointStats } from "../api/models";
import { CheckpointsTable } from "./checkpoints-table";
import { CHECKPOINTS_URL_CODEC, CHECKPOINT_PAGE_SIZES, type CheckpointPageSize } from "./checkpoints-url-state";
import { DeleteCheckpoints } from "./delete-checkpoints";
import { formatMetricSort, nextMetricSort, sortCheckpointsByMetric } from "./checkpoints-sort";

/**
 * A model's checkpoints, a page at a time with the service's cursor (`after`), in either order.
 * Order, page size and the ranking metric live in the URL; the cursor trail lives here (going
 * back a page needs the cursors of the pages before) and starts again when the order or the page
 * size changes, however they change (a control, or Back).
 */
export function CheckpointsPanel({
  modelId,
  modelLabel,
  path,
}: {
  modelId: string;
  modelLabel: string;
  path: ModelPath | null;
}) {
  const { state: view, update, issues, dismissIssues } = useUrlTable(CHECKPOINTS_URL_CODEC);
  const { order, limit } = view;
  const trailKey = `${order}.${limit}`;
  const [trail, setTrail] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: trailKey,
    cursors: [undefined],
  });
  // A new order or page size starts again at the first page (React's pattern for state that
  // follows a changed input: set during render, before anything is shown).
  if (trail.key !== trailKey) setTrail({ key: trailKey, cursors: [undefined] });
  const cursors = trail.key === trailKey ? trail.cursors : [undefined];
  const setCursors = (change: (current: (string | undefined)[]) => (string | undefined)[]) =>
    setTrail({ key: trailKey, cursors: change(cursors) });
  const after = cursors.at(-1);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const page = useCheckpointsPage(modelId, { after, limit, order }, { keepPrevious: true });
  const stats = useCheckpointStats(modelId);

  const metricNames = orderMetrics(
    Object.keys(stats.data?.metrics ?? {}).length
      ? Object.keys(stats.data!.metrics)
      : [...new Set(page.data?.data.flatMap((c) => Object.keys(c.metrics)) ?? [])],
  );
  const rankBy = view.best && metricNames.includes(view.best) ? view.best : defaultRankingMetric(metricNames);
  const direction: Direction = view.dir ?? (rankBy ? defaultDirection(rankBy) : "higher");
  const best = rankBy ? bestCheckpoint(stats.data, rankBy, direction) : null;

  // A metric sort orders every checkpoint (read for the stats) and pages them here; a metric the
  // model does not have (a stale link) is reported and the table stays in step order.
  const unknownSort = Boolean(view.sort && stats.data && !metricNames.includes(view.sort.metric));
  const metricSort = view.sort && !unknownSort ? view.sort : null;
  const sortIssues: UrlIssue[] =
    unknownSort && view.sort
      ? [
          {
            param: "sort",
            value: formatMetricSort(view.sort),
            reason: `this model's checkpoints have no metric '${view.sort.metric}'; ordered by step`,
          },
        ]
      : [];
  const sortKey = `${formatMetricSort(metricSort)}.${limit}`;
  const [sortedPage, setSortedPage] = useState({ key: sortKey, page: 1 });
  if (sortedPage.key !== sortKey) setSortedPage({ key: sortKey, page: 1 });
  const sortedPageNumber = sortedPage.key === sortKey ? sortedPage.page : 1;
  const allSorted = useMemo(
    () => (metricSort && stats.data ? sortCheckpointsByMetric(stats.data.checkpoints, metricSort) : null),
    [metricSort, stats.data],
  );

  const restart = () => {
    setCursors(() => [undefined]);
    setSortedPage({ key: sortKey, page: 1 });
  };
  const select = (steps: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const s of steps) {
        if (on) next.add(s);
        else next.delete(s);
      }
      return next;
    });

  const data = page.data;
  const pageNumber = cursors.length;
  const tableProps = {
    metrics: metricNames,
    order,
    metricSort,
    // Step: from a metric sort back to the step order; else reverse it.
    onSortByStep: () => update(metricSort ? { sort: null } : { order: order === "asc" ? "desc" : "asc" }),
    onSortByMetric: (metric: string) => update({ sort: nextMetricSort(metricSort, metric) }),
    selected,
    onSelect: select,
    bestStep: best?.step ?? null,
    path,
  };
  // Both orders page alike: the same sizes, kept in the URL.
  const pagingProps = {
    label: "Checkpoint pages",
    pageSize: limit,
    pageSizes: CHECKPOINT_PAGE_SIZES,
    onPageSize: (size: CheckpointPageSize) => update({ limit: size }),
  };

  return (
    <Section
      title="Checkpoints"
      note={stats.data ? `${formatCount(stats.data.count)} in all` : stats.isPending ? "counting…" : ""}
    >
      <UrlIssuesNotice issues={issues} onDismiss={dismissIssues} />
      <UrlIssuesNotice issues={sortIssues} onDismiss={() => update({ sort: null }, { replace: true })} />
      {stats.isError ? (
        <ErrorPanel
          error={stats.error}
          title="Could not read every checkpoint to find the best"
          onRetry={() => void stats.refetch()}
        />
      ) : null}
      <BestPicker
        metrics={metricNames}
        metric={rankBy}
        direction={direction}
        onChange={(metric, dir) => update({ best: metric, dir: metric === rankBy ? dir : defaultDirection(metric) })}
        best={best}
        scanning={stats.isPending}
        path={path}
      />
      <DeleteCheckpoints
        modelId={modelId}
        modelLabel={modelLabel}
        selected={[...selected].sort((a, b) => a - b)}
        known={{ stats: stats.data, best: best && rankBy ? { ...best, metric: rankBy } : null }}
        onDeleted={() => {
          // A deleted checkpoint may be this page's cursor: start again from the first page.
          setSelected(new Set());
          restart();
        }}
      />
      {metricSort ? (
        <div aria-busy={!allSorted}>
          <LoadingBar active={stats.isFetching} label="Reading every checkpoint" />
          {allSorted ? (
            <CheckpointsTable
              checkpoints={allSorted.slice((sortedPageNumber - 1) * limit, sortedPageNumber * limit)}
              {...tableProps}
            />
          ) : stats.isError ? (
            <p className="text-sm text-fg-muted">
              Sorting by {metricSort.metric} needs every checkpoint: retry above, or{" "}
              <Button size="sm" variant="secondary" onClick={() => update({ sort: null })}>
                Order by step
              </Button>
            </p>
          ) : (
            <p className="text-sm text-fg-muted">Reading every checkpoint to sort by {metricSort.metric}…</p>
          )}
        </div>
      ) : (
        <div aria-busy={page.isFetching}>
          <LoadingBar active={page.isFetching} label="Loading checkpoints" />
          {page.isError ? (
            <ErrorPanel error={page.error} title="Could not load checkpoints" onRetry={() => void page.refetch()} />
          ) : data && data.data.length === 0 && pageNumber === 1 ? (
            <EmptyState
              title="No checkpoints"
              description="Each gradient step of a job on this model saves one. Start a job to make some."
            />
          ) : data ? (
            <CheckpointsTable checkpoints={data.data} {...tableProps} />
          ) : (
            <p className="text-sm text-fg-muted">Loading checkpoints…</p>
          )}
        </div>
      )}
      {metricSort && allSorted && allSorted.length > 0 ? (
        <Pagination
          {...pagingProps}
          page={sortedPageNumber}
          result={{
            offset: (sortedPageNumber - 1) * limit,
            shownCount: Math.min(limit, allSorted.length - (sortedPageNumber - 1) * limit),
            total: allSorted.length,
            hasNext: sortedPageNumber * limit < allSorted.length,
          }}
          loading={stats.isFetching}
          onPage={(next) => setSortedPage({ key: sortKey, page: Math.max(1, next) })}
        />
      ) : null}
      {!metricSort && data && !(data.data.length === 0 && pageNumber === 1) ? (
        <Pagination
          {...pagingProps}
          page={pageNumber}
          result={{
            // Cursor pages follow one another, so a page's first row is the pages before it times the size.
            offset: (pageNumber - 1) * limit,
            shownCount: data.data.length,
            total: stats.data?.count ?? null,
            hasNext: Boolean(data.has_more && data.last_id) && !page.isPlaceholderData,
          }}
          loading={page.isFetching}
          onPage={(next) => {
            if (next < pageNumber) setCursors((c) => c.slice(0, Math.max(1, next)));
            else if (data.last_id) setCursors((c) => [...c, data.last_id ?? undefined]);
          }}
        />
      ) : null}
    </Section>
  );
}
