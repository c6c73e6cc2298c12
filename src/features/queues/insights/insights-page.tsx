import { useDeferredValue, useId } from "react";
import { Link, useParams } from "react-router-dom";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { Button, buttonClasses } from "@/components/button";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";
import { useApiClients } from "@/connection/api-clients";
import { useQueue, useQueueTotals } from "../api/queue";
import { useAnnotator } from "../shared/annotator-identity";
import { queueHref, trainHref } from "../shared/links";
import { QueueLoadErrors } from "../shared/queue-load-errors";
import { NoProjectNotice } from "../shared/no-project-notice";
import { useAnnotationProject } from "../shared/use-annotation-project";
import { InsightsReadNotices } from "./insights-read-notices";
import { InsightsPanels } from "./insights-panels";
import { InsightsSoFar } from "./insights-so-far";
import { useInsightsRead } from "./use-insights-read";

/** /queues/:queueId/insights: completions, answers and agreement over the whole queue. */
export function InsightsPage() {
  const project = useAnnotationProject();
  const { queueId = "" } = useParams();
  if (!project) return <NoProjectNotice pageTitle="Queue insights" />;
  return (
    <PanelErrorBoundary label="The queue's insights" resetKeys={[project, queueId]}>
      <Insights project={project} queueId={queueId} />
    </PanelErrorBoundary>
  );
}

function Insights({ project, queueId }: { project: string; queueId: string }) {
  const titleId = useId();
  const { trace } = useApiClients();
  const queue = useQueue(project, queueId);
  const totals = useQueueTotals(project, queueId);
  const read = useInsightsRead(project, queueId, queue.isSuccess ? queue.data : undefined);
  const { specs, ready, query, reload } = read;
  const { me } = useAnnotator(trace.scope);
  const loaded = query.data;
  // The panels render in React's interruptible background render: their first render (tables, the
  // chart) is sliced between frames instead of one long task right after the computation.
  const shown = useDeferredValue(loaded);

  return (
    <div className="space-y-5">
      <header className="space-y-2 border-b border-line pb-4">
        {/* A queue's name may have no space to break at (an id, a path): it breaks anywhere rather than push a phone's page sideways. */}
        <Breadcrumbs
          trail={[
            { label: "Annotation queues", to: paths.queues },
            {
              label: queue.data ? <UntrustedText text={queue.data.name} className="wrap-anywhere" /> : "Queue",
              to: queueHref(project, queueId),
            },
          ]}
        />
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 max-w-full">
            <h1 id={titleId} className="text-lg font-semibold tracking-tight wrap-anywhere text-fg">
              Insights{queue.data ? ": " : ""}
              {queue.data ? <UntrustedText text={queue.data.name} /> : null}
            </h1>
            <p className="mt-1 max-w-3xl text-sm text-fg-muted">
              The counts come from the queue&apos;s stats; the rest is computed in your browser from every item of the
              queue and the answers on its calls (the trace service has no insights endpoint).
              {loaded ? ` Figures as of ${new Date(loaded.loadedAt).toLocaleTimeString()}.` : ""}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={queueHref(project, queueId)} className={buttonClasses("secondary", "md")}>
              Items
            </Link>
            <Link to={trainHref(project, queueId)} className={buttonClasses("secondary", "md")}>
              Train from this queue
            </Link>
            <Button onClick={reload} disabled={query.isFetching || !ready}>
              Refresh
            </Button>
          </div>
        </div>
      </header>

      <QueueLoadErrors queue={queue} specs={specs} />
      {specs.data && specs.data.missing.length > 0 ? (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          {specs.data.missing.length === 1 ? "One question" : `${specs.data.missing.length} questions`} could not be
          read and {specs.data.missing.length === 1 ? "is" : "are"} left out:{" "}
          {specs.data.missing.map((missing, index) => (
            <span key={missing.ref}>
              {index > 0 ? "; " : null}
              <UntrustedText text={missing.ref} className="font-mono text-xs" /> ({missing.reason})
            </span>
          ))}
        </p>
      ) : null}

      <InsightsReadNotices read={read} total={totals.data?.total_items ?? null} framed />

      {shown ? (
        <InsightsPanels project={project} queueId={queueId} loaded={shown} me={me} />
      ) : (
        <InsightsSoFar counts={totals.data ?? null} progress={read.progress} />
      )}
    </div>
  );
}
