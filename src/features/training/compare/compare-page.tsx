import { useCallback, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { buttonClasses } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { Section } from "@/components/section";
import { paths } from "@/lib/paths";
import { useApiClients } from "@/connection/api-clients";
import { useTheme } from "@/components/theme/theme-context";
import { ChartPlaceholder, ChartsOrReason } from "../charts/chart-layout";
import { CHART_HEIGHTS, type ChartSize } from "../charts/chart-size";
import { canDrawCharts } from "../charts/chart-theme";
import { preload, usePreloaded } from "../charts/preloaded-module";
import { RenderTiming } from "../charts/render-timing";
import { SmoothingControl } from "../charts/smoothing-control";
import { useSmoothing } from "../charts/use-smoothing";
import { ZoomControl } from "../charts/zoom-control";
import type { StepRange } from "../charts/zoom-sync";
import { DownloadMetricsButtons } from "../export/download-buttons";
import { metricUnion } from "../export/metrics-export";
import { eventTotals, jobFacts } from "../facts/job-facts";
import { useRegistry } from "../registry/registry-context";
import type { Registry } from "../registry/registry-schema";
import { TrainingPage } from "../training-page";
import { CompareLegend } from "./compare-legend";
import { readCompareJobs } from "./compare-param";
import { FactsTable } from "./facts-table";
import { JobStreamSource, type StreamSnapshot } from "./job-stream-source";
import { MetricPicker } from "./metric-picker";
import { useCompareView } from "./use-compare-view";
import { useUrlZoom } from "./use-url-zoom";
import { UrlIssuesNotice } from "@/components/url-issues-notice";

// uPlot loads with the page (where a canvas can draw), while the events are read (see preloaded-module.ts).
const compareChartModule = preload(canDrawCharts(), () => import("./compare-chart").then((m) => m.CompareChart));

/** /training/compare?jobs=a,b,c: two to eight jobs' metrics on shared charts, and their facts side by side. */
export function ComparePage() {
  const { search } = useLocation();
  const { training } = useApiClients();
  const selection = readCompareJobs(search);
  return (
    <TrainingPage>
      <PageHeader
        title="Compare runs"
        description="Each job's metrics on shared charts, lined up by the job's own step (jobs start at different model steps), and their facts side by side. The jobs are in the address: share it to share the comparison."
        actions={
          <Link to={paths.trainingJobs} className={buttonClasses("secondary")}>
            Pick other jobs
          </Link>
        }
      />
      {selection.problem ? (
        <output className="mt-4 block rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-fg dark:border-amber-500/30 dark:bg-amber-500/10">
          {selection.problem}
        </output>
      ) : null}
      {selection.ids.length >= 2 ? (
        <PanelErrorBoundary label="Comparison">
          {/* Another account or service: fresh streams. */}
          <Comparison
            key={`${training.scope.baseUrl}|${training.scope.keyFingerprint}|${selection.ids.join(",")}`}
            jobIds={selection.ids}
          />
        </PanelErrorBoundary>
      ) : null}
    </TrainingPage>
  );
}

function Comparison({ jobIds }: { jobIds: readonly string[] }) {
  const registry = useRegistry();
  const { resolved } = useTheme();
  const { view, update, issues, dismissIssues } = useCompareView();
  // The address's smoothing, else this browser's preference; a change here goes into the address.
  const [preferredSmoothing] = useSmoothing();
  const smoothing = view.smoothing ?? preferredSmoothing;
  const setSmoothing = (value: number) => update({ smoothing: value }, { replace: true });
  const writeZoom = useCallback((zoom: StepRange | null) => update({ zoom }), [update]);
  const zoomSync = useUrlZoom(view.zoom, writeZoom);
  const [timing] = useState(() => new RenderTiming("training-compare"));
  const [streams, setStreams] = useState<ReadonlyMap<string, StreamSnapshot>>(new Map());
  const onStream = useCallback((jobId: string, stream: StreamSnapshot) => {
    setStreams((current) => new Map(current).set(jobId, stream));
  }, []);

  const runs = jobIds.flatMap((jobId, colorIndex) => {
    const stream = streams.get(jobId);
    return stream ? [{ jobId, label: jobId, store: stream.store, colorIndex, validation: stream.validation }] : [];
  });
  const version = jobIds.map((id) => streams.get(id)?.version ?? -1).join(",");
  const allMetrics = metricUnion(runs.map((run) => ({ metricNames: run.store.metricNames() })));
  const metrics = allMetrics.filter((name) => !view.hidden.includes(name));
  const validated = metrics.filter((name) => runs.some((run) => (run.validation.get(name)?.steps.length ?? 0) > 0));
  const factsOf = jobIds.map((jobId) => ({ jobId, facts: factsFor(jobId, registry, streams.get(jobId)) }));
  const exportable = () =>
    runs.map((run) => ({
      jobId: run.jobId,
      steps: run.store.steps(),
      metricNames: run.store.metricNames(),
      column: (name: string) => run.store.column(name),
      facts: factsOf.find((f) => f.jobId === run.jobId)?.facts,
    }));
  const drawable = canDrawCharts();
  const { value: CompareChart, failed: chartCodeFailed } = usePreloaded(compareChartModule);
  const chart = (name: string, size: ChartSize) =>
    CompareChart ? (
      <PanelErrorBoundary key={name} label={`Chart of ${name}`}>
        <CompareChart
          name={name}
          runs={runs.filter((run) => run.store.metricNames().includes(name))}
          version={version}
          smoothing={smoothing}
          theme={resolved}
          timing={timing}
          zoomSync={zoomSync}
          size={size}
        />
      </PanelErrorBoundary>
    ) : (
      <ChartPlaceholder key={name} height={CHART_HEIGHTS[size]} />
    );

  return (
    <div className="mt-4 space-y-6">
      {jobIds.map((jobId) => (
        <JobStreamSource
          key={jobId}
          jobId={jobId}
          modelId={registry.jobs.find((j) => j.id === jobId)?.model_id}
          onChange={onStream}
        />
      ))}
      <UrlIssuesNotice issues={issues} onDismiss={dismissIssues} />
      <CompareLegend
        entries={jobIds.map((jobId) => ({
          jobId,
          modelName: modelNameOf(jobId, registry),
          stream: streams.get(jobId),
        }))}
        validated={validated}
        theme={resolved}
      />
      <Section
        title="Metrics"
        note="Drag across a chart to zoom them all; hover for each job's value."
        actions={
          <>
            {drawable && metrics.length > 0 ? <ZoomControl sync={zoomSync} axis="Job steps" /> : null}
            <SmoothingControl value={smoothing} onChange={setSmoothing} />
            <DownloadMetricsButtons jobs={exportable} disabled={runs.every((run) => run.store.stepCount === 0)} />
          </>
        }
      >
        {allMetrics.length > 0 ? (
          <MetricPicker metrics={allMetrics} hidden={view.hidden} onChange={(hidden) => update({ hidden })} />
        ) : null}
        {allMetrics.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">
            No gradient steps yet in these jobs: the charts appear with the first step.
          </p>
        ) : metrics.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">
            Every chart is left out: tick a metric above to show its chart.
          </p>
        ) : (
          <ChartsOrReason
            metrics={metrics}
            chart={chart}
            codeFailed={chartCodeFailed}
            drawable={drawable}
            namesOnFailure={false}
          />
        )}
      </Section>
      <Section title="Facts">
        <PanelErrorBoundary label="Facts">
          <FactsTable
            jobs={factsOf}
            onlyDiffering={view.onlyDiffering}
            onOnlyDiffering={(onlyDiffering) => update({ onlyDiffering })}
          />
        </PanelErrorBoundary>
      </Section>
    </div>
  );
}

function modelNameOf(jobId: string, registry: Registry): string | null {
  const modelId = registry.jobs.find((j) => j.id === jobId)?.model_id;
  const model = modelId ? registry.models.find((m) => m.id === modelId) : undefined;
  return model?.name ?? modelId ?? null;
}

function factsFor(jobId: string, registry: Registry, stream: StreamSnapshot | undefined) {
  const job = registry.jobs.find((j) => j.id === jobId);
  const model = job?.model_id ? registry.models.find((m) => m.id === job.model_id) : undefined;
  const summary = stream?.store.summary() ?? { state: "queued" as const, kind: null };
  const totals = stream ? eventTotals(stream.store) : { steps: 0, trajectories: null, examples: null, tokens: null };
  return jobFacts({ job, model, summary, totals, now: stream?.lastAnsweredAt ?? null });
}
