import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { StatusBadge } from "@/components/status-badge";
import type { JobEventStore } from "../events/job-event-store";
import { formatMetric } from "../metric-format";
import { formatCount } from "@/lib/number-format";
import { CHART_COLORS, VAL_DASH, type ChartColors } from "./chart-theme";
import { chartIndices } from "./downsample";
import { alignWithValidation, type ValidationPoints } from "./validation-series";
import type { RenderTiming } from "./render-timing";
import { SmoothedSeries } from "./smoothed-series";
import type { ZoomSync } from "./zoom-sync";
import { CHART_HEIGHTS, type ChartSize } from "./chart-size";
import { ChartZoom, keepInStep, loneValuePoints, plotWidth, stepAxes, stepScales } from "./uplot-setup";

type Readout = { step: number; raw: number | null; smoothed: number | null; val: number | null };

const NO_VALIDATION: ValidationPoints = { steps: [], values: [] };

/**
 * One metric over steps: the raw series faint, the smoothed one on top. The uPlot instance is made
 * once and fed with setData as steps arrive, so the chart extends in place; while the user is
 * zoomed in (drag to zoom, double-click to reset) new data keeps that zoom. The zoom is shared
 * with the page's other charts through `zoomSync`.
 */
export function MetricChart({
  name,
  store,
  version,
  smoothing,
  simulated,
  theme,
  timing,
  zoomSync,
  size = "normal",
  validation,
}: {
  name: string;
  store: JobEventStore;
  version: number;
  smoothing: number;
  simulated: boolean;
  theme: "light" | "dark";
  timing?: RenderTiming;
  zoomSync: ZoomSync;
  size?: ChartSize;
  /** This metric as logged with split `val` (drawn as a second series, "val"), if any. */
  validation?: ValidationPoints;
}) {
  const height = CHART_HEIGHTS[size];
  const headingId = useId();
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const colors = useRef<ChartColors>(CHART_COLORS[theme]);
  const [smoother] = useState(() => new SmoothedSeries(smoothing));
  const weight = useRef(smoothing);
  const val = useRef(validation ?? NO_VALIDATION);
  const drawn = useRef<{ version: number; smoothing: number } | null>(null);
  /** The chart's side of the shared zoom, and its way to redraw; set once the chart exists. */
  const zoom = useRef<ChartZoom | null>(null);
  const [hover, setHover] = useState<Readout | null>(null);

  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const columns = () => {
      const xs = store.steps();
      const ys = store.column(name);
      const smoothed = smoother.of(ys, weight.current);
      return alignWithValidation(
        chartIndices(xs, ys, plotWidth(plot.current, element), chartZoom.range ?? undefined),
        xs,
        [ys, smoothed],
        val.current,
      ) as uPlot.AlignedData;
    };
    // A chart made while the page is zoomed (a metric that appears later) starts zoomed too.
    const chartZoom = new ChartZoom(zoomSync, (keepScale) => instance.setData(columns(), !keepScale));
    zoom.current = chartZoom;
    const mountStart = performance.now();
    const instance = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height,
        legend: { show: false },
        cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 6 } },
        // The x axis runs to the last model step this job will train (a job resumed on a model
        // trains, say, steps 25-32: its first step is drawn at the start, not alone mid-axis).
        scales: stepScales(() => plannedLastStep(store), uPlot.rangeNum),
        series: [
          {},
          { label: "raw", stroke: () => colors.current.raw, width: 1, points: { show: false } },
          {
            label: "smoothed",
            stroke: () => colors.current.line,
            width: size === "emphasised" ? 2.5 : size === "small" ? 1.25 : 1.75,
            points: { ...loneValuePoints(6), fill: () => colors.current.line },
          },
          // Validation: few points (one per evaluation), each marked, joined across the steps between.
          {
            label: "val",
            stroke: () => colors.current.val,
            width: 1.5,
            dash: VAL_DASH,
            spanGaps: true,
            points: { show: true, size: 5, fill: () => colors.current.val },
          },
        ],
        // The model's step numbering (a second job on a model goes on from the first's last step).
        axes: stepAxes(() => colors.current, "Model step"),
        hooks: {
          setCursor: [
            (u) => {
              const i = u.cursor.idx;
              if (i === null || i === undefined) return setHover(null);
              const [xs, raw, smooth, valColumn] = u.data;
              setHover({
                step: xs[i] as number,
                raw: (raw?.[i] ?? null) as number | null,
                smoothed: (smooth?.[i] ?? null) as number | null,
                val: (valColumn?.[i] ?? null) as number | null,
              });
            },
          ],
          setScale: [
            (u, key) => {
              if (key !== "x") return;
              const xs = store.steps();
              chartZoom.onScale(u, xs[0], xs[xs.length - 1]);
            },
          ],
          draw: [() => timing?.drawn(name)],
        },
      },
      columns(),
      element,
    );
    plot.current = instance;
    try {
      performance.measure("training-chart-mount", { start: mountStart, end: performance.now() });
    } catch {
      // Timing is optional (older engines).
    }
    const release = keepInStep(instance, element, height, chartZoom);
    return () => {
      release();
      plot.current = null;
      zoom.current = null;
    };
  }, [store, name, timing, smoother, zoomSync, height, size]);

  // New steps or a new weight: extend in place. Not zoomed: the x range grows with the data;
  // zoomed: it stays.
  useEffect(() => {
    if (!plot.current) return;
    if (drawn.current?.version === version && drawn.current.smoothing === smoothing) return;
    drawn.current = { version, smoothing };
    weight.current = smoothing;
    timing?.begin(name);
    zoom.current?.redraw();
  }, [version, smoothing, name, timing]);

  // New validation logs: drawn in place, keeping any zoom.
  useEffect(() => {
    const next = validation ?? NO_VALIDATION;
    if (val.current === next) return;
    val.current = next;
    zoom.current?.redraw();
  }, [validation]);

  useEffect(() => {
    colors.current = CHART_COLORS[theme];
    plot.current?.redraw(false, true);
  }, [theme]);

  // A new weight smooths from the first step again (the EMA is cheap: one pass over the column).
  const steps = store.steps();
  const ys = store.column(name);
  const n = steps.length;
  const valCount = validation?.steps.length ?? 0;
  const latest =
    n > 0
      ? {
          step: steps[n - 1]!,
          raw: numberOrNull(ys[n - 1]),
          smoothed: numberOrNull(smoother.of(ys, smoothing)[n - 1]),
          val: valCount > 0 ? validation!.values[valCount - 1]! : null,
        }
      : null;
  const shown = hover ?? latest;

  return (
    <figure
      aria-labelledby={headingId}
      className="min-w-0 rounded-lg border border-line bg-surface p-3"
      data-metric={name}
      data-points={n}
    >
      <figcaption className="mb-1 flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-mono text-xs font-semibold text-fg">
          {name}
        </h3>
        {simulated ? (
          <StatusBadge tone="warning" className="text-[11px]" icon={null}>
            <span title="No GPU trains anything on the local services: this metric comes from a synthetic curve (training_started.data.simulated_metrics).">
              Simulated
            </span>
          </StatusBadge>
        ) : null}
        <span className="ml-auto text-[11px] text-fg-muted tabular-nums" aria-hidden={hover ? "true" : undefined}>
          {shown ? (
            <>
              {hover ? "" : "latest "}model step {formatCount(shown.step)} · raw{" "}
              <span className="text-fg">{formatMetric(shown.raw)}</span> · smoothed{" "}
              <span className="text-fg">{formatMetric(shown.smoothed)}</span>
              {shown.val !== null ? (
                <>
                  {" "}
                  · val <span className="text-fg">{formatMetric(shown.val)}</span>
                </>
              ) : null}
            </>
          ) : (
            "no steps yet"
          )}
        </span>
      </figcaption>
      <div
        ref={target}
        // uPlot draws into this box (a canvas needs a container, not an <img>); the label says what it shows.
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="img"
        aria-label={
          latest
            ? `${name} over ${formatCount(n)} steps; latest ${formatMetric(latest.raw)}, smoothed ${formatMetric(latest.smoothed)}${valCount > 0 ? `; validation at ${formatCount(valCount)} steps, latest ${formatMetric(latest.val)}` : ""}`
            : `${name}: no steps yet`
        }
        style={{ height }}
        className="w-full"
      />
    </figure>
  );
}

/** The model step of the job's last gradient step, once the job has said how many it will train. */
function plannedLastStep(store: JobEventStore): number | null {
  const { firstStep, numSequences } = store.summary();
  return firstStep !== null && numSequences !== null && numSequences > 0 ? firstStep + numSequences - 1 : null;
}

function numberOrNull(value: number | undefined): number | null {
  return value === undefined || Number.isNaN(value) ? null : value;
}
