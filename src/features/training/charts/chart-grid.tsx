import { lazy, Suspense, useState } from "react";
import { useTheme } from "@/settings/theme/theme-context";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { Section } from "@/components/section";
import type { JobEventStore } from "../events/job-event-store";
import { orderMetrics } from "../metrics";
import { canDrawCharts } from "./chart-theme";
import { RenderTiming } from "./render-timing";
import { SmoothingControl } from "./smoothing-control";
import { useSmoothing } from "./use-smoothing";

// uPlot (and its CSS) load with the first chart, only where a canvas can draw them.
const MetricChart = lazy(() => import("./metric-chart").then((m) => ({ default: m.MetricChart })));

/** A chart for every numeric metric of the gradient steps, x = step, with one smoothing control. */
export function ChartGrid({ store, version, simulated }: { store: JobEventStore; version: number; simulated: readonly string[] }) {
  const [smoothing, setSmoothing] = useSmoothing();
  const { resolved } = useTheme();
  const [timing] = useState(() => new RenderTiming());
  const metrics = orderMetrics(store.metricNames());
  const drawable = canDrawCharts();

  return (
    <Section
      title="Metrics"
      note="Drag across a chart to zoom; double-click to reset. Hover for exact values."
      actions={<SmoothingControl value={smoothing} onChange={setSmoothing} />}
    >
      {metrics.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">
          No gradient steps yet: the charts appear with the first step.
        </p>
      ) : !drawable ? (
        <p className="text-sm text-fg-muted">This browser cannot draw charts (no canvas). Metrics: {metrics.join(", ")}.</p>
      ) : (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {metrics.map((name) => (
            <PanelErrorBoundary key={name} label={`Chart of ${name}`}>
              <Suspense fallback={<div className="h-[226px] animate-pulse rounded-lg border border-line bg-surface motion-reduce:animate-none" />}>
                <MetricChart
                name={name}
                store={store}
                version={version}
                smoothing={smoothing}
                simulated={simulated.includes(name)}
                theme={resolved}
                timing={timing}
                />
              </Suspense>
            </PanelErrorBoundary>
          ))}
        </div>
      )}
    </Section>
  );
}
