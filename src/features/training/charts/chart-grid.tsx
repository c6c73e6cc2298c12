import { useState } from "react";
import { useTheme } from "@/components/theme/theme-context";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { useAfterFirstPaint } from "@/lib/use-after-first-paint";
import { Section } from "@/components/section";
import type { JobEventStore } from "../events/job-event-store";
import { orderMetrics } from "../metrics";
import { ChartPlaceholder, ChartsOrReason } from "./chart-layout";
import { canDrawCharts } from "./chart-theme";
import { CHART_HEIGHTS, type ChartSize } from "./chart-size";
import { RenderTiming } from "./render-timing";
import { SmoothingControl } from "./smoothing-control";
import { useSmoothing } from "./use-smoothing";
import { ZoomControl } from "./zoom-control";
import { ZoomSync } from "./zoom-sync";
import { preload, usePreloaded } from "./preloaded-module";
import type { ValidationPoints } from "./validation-series";

// uPlot (and its CSS) load with the job page, only where a canvas can draw them: asked for as soon
// as this module runs, so they arrive while the events are read instead of after.
const metricChartModule = preload(canDrawCharts(), () => import("./metric-chart").then((m) => m.MetricChart));

/**
 * Whether every chart may be made yet. Making a chart costs a few milliseconds (a dozen of them
 * delayed the first one by ~80 ms on a loaded machine), so the first (reward, else loss) is made
 * and painted alone, and the others in the next frame, each in a box of its final size meanwhile.
 */
function useStaggeredCharts(haveCharts: boolean): boolean {
  return useAfterFirstPaint(haveCharts);
}

/**
 * A chart for every numeric metric of the gradient steps, x = step, with one smoothing control
 * and one zoom shared by all charts, laid out as ChartLayout says.
 */
export function ChartGrid({
  store,
  version,
  simulated,
  validation,
  eventsArrived,
}: {
  store: JobEventStore;
  version: number;
  simulated: readonly string[];
  /** Metrics logged with split `val`, by name: drawn on the training metric's chart as "val". */
  validation?: ReadonlyMap<string, ValidationPoints>;
  /** False until the first events are read (or there are none): until then no metric is known yet. */
  eventsArrived: boolean;
}) {
  const [smoothing, setSmoothing] = useSmoothing();
  const { resolved } = useTheme();
  const [timing] = useState(() => new RenderTiming());
  const [zoomSync] = useState(() => new ZoomSync());
  const metrics = orderMetrics(store.metricNames());
  const drawable = canDrawCharts();
  const allShown = useStaggeredCharts(metrics.length > 0 && drawable);
  const { value: MetricChart, failed: chartCodeFailed } = usePreloaded(metricChartModule);
  const validated = metrics.filter((name) => (validation?.get(name)?.steps.length ?? 0) > 0);

  const chart = (name: string, size: ChartSize) => {
    if (!MetricChart || (!allShown && name !== metrics[0]))
      return <ChartPlaceholder key={name} height={CHART_HEIGHTS[size]} />;
    return (
      <PanelErrorBoundary key={name} label={`Chart of ${name}`}>
        <MetricChart
          name={name}
          store={store}
          version={version}
          smoothing={smoothing}
          simulated={simulated.includes(name)}
          theme={resolved}
          timing={timing}
          zoomSync={zoomSync}
          size={size}
          validation={validation?.get(name)}
        />
      </PanelErrorBoundary>
    );
  };

  return (
    <Section
      title="Metrics"
      note="Drag across a chart to zoom them all; double-click or Reset zoom to see every step. Hover for exact values."
      actions={
        <>
          {drawable ? <ZoomControl sync={zoomSync} axis="Model steps" disabled={metrics.length === 0} /> : null}
          <SmoothingControl value={smoothing} onChange={setSmoothing} />
        </>
      }
    >
      {validated.length > 0 ? (
        <p className="text-xs text-fg-muted" data-testid="validation-note">
          <span
            aria-hidden="true"
            className="mr-1 inline-block w-4 border-t-2 border-dashed border-orange-700 align-middle dark:border-orange-400"
          />
          val: trajectories logged with split <code>val</code> at{" "}
          {validated.length === 1 ? "one metric" : `${validated.length} metrics`} ({validated.join(", ")}), each at the
          model step it evaluated, on the same chart as the training series so the gap between them shows.
        </p>
      ) : null}
      {metrics.length === 0 && !eventsArrived ? (
        // The headline chart's box: it comes first, at this size, so its arrival moves nothing.
        <ChartPlaceholder height={CHART_HEIGHTS.emphasised} />
      ) : metrics.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">
          No gradient steps yet: the charts appear with the first step.
        </p>
      ) : (
        <ChartsOrReason metrics={metrics} chart={chart} codeFailed={chartCodeFailed} drawable={drawable} />
      )}
    </Section>
  );
}
