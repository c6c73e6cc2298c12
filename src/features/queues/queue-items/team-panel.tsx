import { useDeferredValue, useState } from "react";
import { Link } from "react-router-dom";
import type { AnnotationQueue } from "@contract/trace";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { useApiClients } from "@/connection/api-clients";
import { useQueueTotals } from "../api/queue";
import { AnnotatorsTable } from "../insights/annotators-table";
import { InsightsReadNotices } from "../insights/insights-read-notices";
import { InsightsSummary } from "../insights/insights-summary";
import { useInsightsRead } from "../insights/use-insights-read";
import { useAnnotator } from "../shared/annotator-identity";
import { insightsHref } from "../shared/links";

/**
 * "Team: who did what" on the queue's page: each annotator's figures, as on the Insights page. It
 * reads the whole queue, so nothing is read until it is opened (the page's first paint sends no
 * request more); the read is the Insights page's own, under the same cache key, so opening one
 * after the other reads nothing again.
 */
export function TeamPanel({ project, queue }: { project: string; queue: AnnotationQueue }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="rounded-lg border border-line bg-surface px-4 py-3"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-medium text-fg">Team: who did what</summary>
      {open ? (
        <PanelErrorBoundary label="Team: who did what">
          <TeamFigures project={project} queue={queue} />
        </PanelErrorBoundary>
      ) : null}
    </details>
  );
}

function TeamFigures({ project, queue }: { project: string; queue: AnnotationQueue }) {
  const { trace } = useApiClients();
  const { me } = useAnnotator(trace.scope);
  const totals = useQueueTotals(project, queue.id);
  const read = useInsightsRead(project, queue.id, queue);
  const { specs, ready, query, reload } = read;
  const loaded = query.data;
  // The table's first render is sliced between frames rather than one long task after the computation.
  const shown = useDeferredValue(loaded);
  return (
    <div className="mt-3 space-y-3">
      {specs.isError ? (
        <ErrorPanel
          error={specs.error}
          title="Could not read the queue's questions"
          onRetry={() => void specs.refetch()}
        />
      ) : null}
      <InsightsReadNotices read={read} total={totals.data?.total_items ?? null} />
      {shown ? (
        <>
          <InsightsSummary loaded={shown} />
          {shown.insights.annotators.length === 0 ? (
            <p className="text-sm text-fg-muted">Nobody has worked on this queue yet.</p>
          ) : (
            <AnnotatorsTable rows={shown.insights.annotators} me={me} />
          )}
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {loaded ? (
          <span className="text-fg-muted">Figures as of {new Date(loaded.loadedAt).toLocaleTimeString()}.</span>
        ) : null}
        <Button size="sm" onClick={reload} disabled={query.isFetching || !ready}>
          Refresh
        </Button>
        <Link to={insightsHref(project, queue.id)} className="font-medium text-link underline underline-offset-2">
          All of this queue&apos;s insights
        </Link>
      </div>
    </div>
  );
}
