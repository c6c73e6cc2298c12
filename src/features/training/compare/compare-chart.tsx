import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { JobEventStore } from "../events/job-event-store";
import { formatMetric } from "../metric-format";
import { formatCount } from "@/lib/number-format";
import { CHART_HEIGHTS, type ChartSize } from "../charts/chart-size";
import { CHART_COLORS, VAL_DASH } from "../charts/chart-theme";
import type { RenderTiming } from "../charts/render-timing";
import { SmoothedSeries } from "../charts/smoothed-series";
import { ChartZoom, keepInStep, loneValuePoints, plotWidth, stepAxes, stepScales } from "../charts/uplot-setup";
import type { ValidationPoints } from "../charts/validation-series";
import type { StepRange, ZoomSync } from "../charts/zoom-sync";
import { fillRuns, hasValidation, pickRows, type RunColumns, type RunRows } from "./align";
import { fainter, seriesColor } from "./palette";
import { useOnScreen } from "./use-on-screen";

/**
 * A job on the charts; `colorIndex` is its place in the comparison, so its colour is the same on
 * every chart. `validation`: its metrics logged with split `val`, by job step.
 */
export type CompareRun = {
  jobId: string;
  label: string;
  store: JobEventStore;
  colorIndex: number;
  validation: ReadonlyMap<string, ValidationPoints>;
};

/** The rows picked for the last drawing, and what they were picked for: a smoothing change keeps them. */
type PickedRows = {
  lengths: number[];
  vals: (ValidationPoints | undefined)[];
  buckets: number;
  range: string;
  rows: RunRows;
};

/**
 * One metric of several jobs on one chart, x = the job's own step: each job's smoothed line in its
 * colour over its raw line, faint, and its validation series dashed where it has one. Made once
 * and fed with setData; zoom shared through `zoomSync`. A chart off screen is not redrawn until it
 * scrolls near the view: a smoothing change redraws the few charts one sees, not all thirteen.
 */
export function CompareChart({
  name,
  runs,
  version,
  smoothing,
  theme,
  timing,
  zoomSync,
  size = "normal",
}: {
  name: string;
  runs: readonly CompareRun[];
  version: string;
  smoothing: number;
  theme: "light" | "dark";
  timing?: RenderTiming;
  zoomSync: ZoomSync;
  size?: ChartSize;
}) {
  const height = CHART_HEIGHTS[size];
  const headingId = useId();
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const themeRef = useRef(theme);
  // Read when the chart draws; a chart off screen draws with the weight of the time it comes into view.
  const weight = useRef(smoothing);
  weight.current = smoothing;
  const [smoothers] = useState(() => new Map<string, SmoothedSeries>());
  const zoom = useRef<ChartZoom | null>(null);
  const [hoverRow, setHoverRow] = useState<number | null>(null);
  // The chart reads the latest runs when it draws (their validation arrives later than their events).
  const latestRuns = useRef(runs);
  latestRuns.current = runs;
  // The series depend on which jobs are drawn and which of them have validation for this metric.
  const layoutKey = runs.map((run) => `${run.jobId}:${hasValidation({ val: run.validation.get(name) })}`).join("\n");
  // What the chart should show (steps, weight, validation); drawn: what it last drew.
  const validationKey = runs.map((run) => run.validation.get(name)?.steps.length ?? 0).join(",");
  const wanted = `${version}|${smoothing}|${validationKey}`;
  const wantedRef = useRef(wanted);
  wantedRef.current = wanted;
  const drawn = useRef<string | null>(null);

  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    let picked: PickedRows | null = null;
    const data = () => {
      const columns: RunColumns[] = latestRuns.current.map((run) => {
        const raw = run.store.column(name);
        let smoother = smoothers.get(run.jobId);
        if (!smoother) {
          smoother = new SmoothedSeries(weight.current);
          smoothers.set(run.jobId, smoother);
        }
        return { raw, smoothed: smoother.of(raw, weight.current), val: run.validation.get(name) };
      });
      const width = plotWidth(plot.current, element);
      // Beyond two runs, a bucket per two pixels: eight runs' points are the union of their extremes,
      // so the rows (and uPlot's work per series) grow with the runs; a line's min/max every 2 px
      // still shows every spike.
      const buckets = columns.length > 2 ? Math.ceil(width / 2) : width;
      picked = pickOnce(picked, columns, buckets, chartZoom.range);
      return fillRuns(picked.rows, columns) as uPlot.AlignedData;
    };
    const chartZoom = new ChartZoom(zoomSync, (keepScale) => instance.setData(data(), !keepScale));
    zoom.current = chartZoom;
    const instance = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height,
        legend: { show: false },
        cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 5 } },
        // Job steps run to the longest job's planned last step (a job says how many it will train).
        scales: stepScales(() => plannedJobSteps(latestRuns.current), uPlot.rangeNum),
        series: [
          {},
          ...runs.flatMap((run) => runSeries(run, hasValidation({ val: run.validation.get(name) }), themeRef)),
        ],
        // Jobs start at different model steps: they are compared step for step of their own.
        axes: stepAxes(() => CHART_COLORS[themeRef.current], "Job step"),
        hooks: {
          setCursor: [(u) => setHoverRow(u.cursor.idx ?? null)],
          setScale: [(u, key) => key === "x" && chartZoom.onScale(u, u.data[0][0], u.data[0].at(-1))],
          draw: [() => timing?.drawn(name)],
        },
      },
      data(),
      element,
    );
    plot.current = instance;
    drawn.current = wantedRef.current;
    const release = keepInStep(instance, element, height, chartZoom);
    return () => {
      release();
      plot.current = null;
      zoom.current = null;
    };
    // layoutKey stands for `runs` (a new array each render with the same jobs and series).
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [layoutKey, name, timing, smoothers, zoomSync, height]);

  // New steps, validation or weight: redrawn now if on screen, else once it scrolls near the view.
  const onScreen = useOnScreen(target);
  useEffect(() => {
    if (!plot.current || drawn.current === wanted || !onScreen) return;
    drawn.current = wanted;
    timing?.begin(name);
    zoom.current?.redraw();
  }, [wanted, onScreen, name, timing]);

  useEffect(() => {
    themeRef.current = theme;
    plot.current?.redraw(false, true);
  }, [theme]);

  const hoverStep = hoverRow === null ? null : (plot.current?.data[0][hoverRow] ?? null);
  const readout =
    hoverStep === null
      ? null
      : readoutAt(hoverStep, runs, name, (run) => smoothers.get(run.jobId)?.of(run.store.column(name), smoothing));

  return (
    <figure
      aria-labelledby={headingId}
      className="min-w-0 rounded-lg border border-line bg-surface p-3"
      data-metric={name}
    >
      <figcaption className="mb-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-mono text-xs font-semibold text-fg">
          {name}
        </h3>
        <span className="text-[11px] text-fg-muted tabular-nums" aria-hidden="true">
          {readout ?? "hover for each job's value"}
        </span>
      </figcaption>
      <div
        ref={target}
        // uPlot draws into this box (a canvas needs a container, not an <img>); the label says what it shows.
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="img"
        aria-label={`${name} of ${runs.length} jobs by job step: ${runs.map((run) => describeRun(run, name)).join("; ")}`}
        style={{ height }}
        className="w-full"
      />
    </figure>
  );
}

/** A run's series: its raw line faint, its smoothed line, and its validation dashed with a mark per evaluation. */
function runSeries(run: CompareRun, withValidation: boolean, theme: { current: "light" | "dark" }): uPlot.Series[] {
  const color = () => seriesColor(run.colorIndex, theme.current);
  // Each run has values only at its own points (align.ts): its lines join them.
  const series: uPlot.Series[] = [
    {
      label: `${run.label} (raw)`,
      stroke: () => fainter(color(), theme.current === "dark" ? 0.4 : 0.3),
      width: 1,
      spanGaps: true,
      points: { show: false },
    },
    { label: run.label, stroke: color, width: 1.75, spanGaps: true, points: { ...loneValuePoints(6), fill: color } },
  ];
  if (withValidation)
    series.push({
      label: `${run.label} (val)`,
      stroke: color,
      width: 1.5,
      dash: VAL_DASH,
      spanGaps: true,
      points: { show: true, size: 5, fill: color },
    });
  return series;
}

/** The most gradient steps any of the jobs will train (their own steps start at 1), when one has said. */
function plannedJobSteps(runs: readonly CompareRun[]): number | null {
  let most: number | null = null;
  for (const run of runs) {
    const planned = run.store.summary().numSequences;
    if (planned !== null && (most === null || planned > most)) most = planned;
  }
  return most;
}

/**
 * The rows to draw: the ones picked last while they still serve (same steps, validation, width and
 * zoom: a smoothing change only refills their values), else picked anew.
 */
function pickOnce(
  previous: PickedRows | null,
  columns: readonly RunColumns[],
  buckets: number,
  zoom: StepRange | null,
): PickedRows {
  const range = zoom ? `${zoom.min}-${zoom.max}` : "";
  const stillServes =
    previous !== null &&
    previous.buckets === buckets &&
    previous.range === range &&
    columns.length === previous.lengths.length &&
    columns.every((column, i) => column.raw.length === previous.lengths[i] && column.val === previous.vals[i]);
  if (stillServes) return previous;
  return {
    lengths: columns.map((c) => c.raw.length),
    vals: columns.map((c) => c.val),
    buckets,
    range,
    rows: pickRows(columns, buckets, zoom ?? undefined),
  };
}

/** Each job's smoothed value at a job step (and its validation there, if logged), for the hover readout. */
function readoutAt(
  step: number,
  runs: readonly CompareRun[],
  name: string,
  smoothedOf: (run: CompareRun) => ArrayLike<number> | undefined,
): string {
  const values = runs.map((run) => {
    const value = smoothedOf(run)?.[step - 1];
    const val = valueAtStep(run.validation.get(name), step);
    return `${run.label} ${formatMetric(value === undefined || Number.isNaN(value) ? null : value)}${val === null ? "" : ` (val ${formatMetric(val)})`}`;
  });
  return `job step ${formatCount(step)} · ${values.join(" · ")}`;
}

function describeRun(run: CompareRun, name: string): string {
  const val = run.validation.get(name);
  const latest = `${run.label} latest ${formatMetric(lastFinite(run.store.column(name)))}`;
  return val && val.steps.length > 0
    ? `${latest}, validation at ${countOfSteps(val.steps.length)} latest ${formatMetric(val.values.at(-1))}`
    : latest;
}

const countOfSteps = (n: number) => `${formatCount(n)} ${n === 1 ? "step" : "steps"}`;

function valueAtStep(points: ValidationPoints | undefined, step: number): number | null {
  const i = points ? points.steps.lastIndexOf(step) : -1;
  return i === -1 ? null : points!.values[i]!;
}

function lastFinite(column: ArrayLike<number>): number | null {
  for (let i = column.length - 1; i >= 0; i -= 1) if (Number.isFinite(column[i]!)) return column[i]!;
  return null;
}
