import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { TrainingClient } from "@/api/training";
import { useParams } from "react-router-dom";
import { useApiClients } from "@/connection/api-clients";
import { ErrorPanel } from "@/components/error-panel";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { ChartGrid } from "../charts/chart-grid";
import { useJobEventStream } from "../events/use-job-event-stream";
import { useRegistry, useRegistryStore } from "../registry/registry-context";
import { TrainingPage } from "../training-page";
import { jobQueries, useTrainingJob } from "../api/jobs";
import { DownloadMetricsButtons } from "../export/download-buttons";
import { FactsPanel } from "../facts/facts-panel";
import { eventTotals, jobFacts } from "../facts/job-facts";
import { useSeenTimes } from "../facts/use-seen-times";
import { useJobValidation } from "../validation/use-validation-logs";
import { EventLog } from "./event-log";
import { QueuedReason } from "./queued-reason";
import { JobHeader } from "./job-header";
import { JobModelPicker } from "./job-model-picker";
import { LiveStatus } from "./live-status";

/** The job page's job into the cache (app/routes.tsx, on a cold load: boot.ts sent the read already). */
export function prefetchJob(client: TrainingClient, queryClient: QueryClient, jobId: string): Promise<void> {
  return queryClient.prefetchQuery(jobQueries.job(client, jobId));
}

/** /training/jobs/:jobId: one job, live while it runs. */
export function JobPage() {
  const { jobId = "" } = useParams();
  const { training } = useApiClients();
  return (
    <TrainingPage>
      {/* Another job or another account: a fresh store and poller. */}
      <JobView key={`${training.scope.baseUrl}|${training.scope.keyFingerprint}|${jobId}`} jobId={jobId} />
    </TrainingPage>
  );
}

function JobView({ jobId }: { jobId: string }) {
  const registry = useRegistry();
  const registryStore = useRegistryStore();
  const job = useTrainingJob(jobId);
  const stream = useJobEventStream(jobId);
  const summary = stream.store.summary();
  const known = registry.jobs.find((j) => j.id === jobId);
  const model = known?.model_id ? registry.models.find((m) => m.id === known.model_id) : undefined;

  // Opening a job adds it to this browser's list (once the service confirms it exists).
  const confirmedId = job.data?.id;
  useEffect(() => {
    if (confirmedId) registryStore.upsertJob({ id: confirmedId });
  }, [confirmedId, registryStore]);
  const kind = summary.kind;
  useEffect(() => {
    if (confirmedId && kind) registryStore.upsertJob({ id: confirmedId, kind });
  }, [confirmedId, kind, registryStore]);

  const caughtUp = stream.phase.phase !== "loading";
  const running = summary.state === "running" || summary.state === "queued";
  const validation = useJobValidation(known?.model_id, summary.firstStep, summary.lastStep, running);
  useSeenTimes(registryStore, jobId, summary.state, caughtUp, known !== undefined);
  const facts = jobFacts({ job: known, model, summary, totals: eventTotals(stream.store), now: stream.lastAnsweredAt });
  const metricsOfJob = () => [
    {
      jobId,
      steps: stream.store.steps(),
      metricNames: stream.store.metricNames(),
      column: (name: string) => stream.store.column(name),
      facts,
    },
  ];

  // The charts' height depends on which metrics the events carry. The facts and the log below them
  // are added with the first events (or once there are none to read), so the charts never push them down.
  const eventsArrived = stream.store.size > 0 || stream.phase.phase !== "loading";

  if (job.isError && stream.store.size === 0) {
    // The events stopped on the same error (a 401 or 404 does not pass by itself): retry both.
    const retry = () => {
      void job.refetch();
      stream.retry();
    };
    return <ErrorPanel error={job.error} title={`Could not open job ${jobId}`} onRetry={retry} />;
  }

  return (
    <div className="space-y-6">
      <JobHeader
        jobId={jobId}
        job={known}
        model={model}
        summary={summary}
        stepsPerMinute={stream.rate.perMinute()}
        unreachableSince={
          stream.phase.phase === "retrying" || stream.phase.phase === "failed" ? stream.lastAnsweredAt : null
        }
        modelPicker={
          <JobModelPicker
            jobId={jobId}
            models={registry.models}
            onPick={(modelId) => registryStore.upsertJob({ id: jobId, model_id: modelId })}
          />
        }
      />
      {summary.state === "queued" &&
      stream.phase.phase !== "loading" &&
      stream.phase.phase !== "failed" &&
      stream.phase.phase !== "retrying" ? (
        <QueuedReason job={known} registry={registry} />
      ) : null}
      <LiveStatus phase={stream.phase} events={stream.store.size} onRetry={stream.retry} />
      <PanelErrorBoundary label="Charts">
        <ChartGrid
          store={stream.store}
          version={stream.version}
          simulated={summary.simulatedMetrics}
          validation={validation}
          eventsArrived={eventsArrived}
        />
      </PanelErrorBoundary>
      {eventsArrived ? (
        <PanelErrorBoundary label="Facts">
          <FactsPanel
            facts={facts}
            actions={<DownloadMetricsButtons jobs={metricsOfJob} disabled={stream.store.stepCount === 0} />}
          />
        </PanelErrorBoundary>
      ) : null}
      {eventsArrived ? (
        <PanelErrorBoundary label="Event log">
          <EventLog
            store={stream.store}
            version={stream.version}
            live={stream.phase.phase === "live"}
            finished={stream.phase.phase === "finished"}
          />
        </PanelErrorBoundary>
      ) : null}
    </div>
  );
}
