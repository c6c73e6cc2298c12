import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { JobEventStore } from "../events/job-event-store";
import { formatMetric } from "../format";
import { formatCount } from "@/lib/format";
import { CHART_COLORS } from "../charts/chart-theme";
import type { RenderTiming } from "../charts/render-timing";
import { SmoothedSeries } from "../charts/smoothed-series";
import type { ZoomSync } from "../charts/zoom-sync";
import { alignRuns } from "./align";
import { fainter, seriesColor } from "./palette";

const HEIGHT = 220;
const STEP_INCREMENTS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/** A job on the charts; `colorIndex` is its place in the comparison, so its colour is the same on every chart. */
export type CompareRun = { jobId: string; label: string; store: JobEventStore; colorIndex: number };

/**
 * One metric of several jobs on one chart, x = the job's own step: each job's smoothed line in its
 * colour over its raw line, faint. Made once and fed with setData; zoom shared through `zoomSync`.
 */
export function CompareChart({
  name,
  runs,
  version,
  smoothing,
  theme,
  timing,
  zoomSync,
}: {
  name: string;
  runs: readonly CompareRun[];
  version: string;
  smoothing: number;
  theme: "light" | "dark";
  timing?: RenderTiming;
  zoomSync: ZoomSync;
}) {
  const headingId = useId();
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const themeRef = useRef(theme);
  const weight = useRef(smoothing);
  const [smoothers] = useState(() => new Map<string, SmoothedSeries>());
  const zoom = useRef(zoomSync.range);
  const refresh = useRef<(keepScale: boolean) => void>(() => {});
  const [hoverRow, setHoverRow] = useState<number | null>(null);
  const runKey = runs.map((run) => run.jobId).join("\n");

  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const data = () => {
      const columns = runs.map((run) => {
        const raw = run.store.column(name);
        let smoother = smoothers.get(run.jobId);
        if (!smoother) {
          smoother = new SmoothedSeries(weight.current);
          smoothers.set(run.jobId, smoother);
        }
        return { raw, smoothed: smoother.of(raw, weight.current) };
      });
      const width = Math.max(100, Math.round(plot.current?.bbox.width ? plot.current.bbox.width / devicePixelRatio : element.clientWidth));
      // Beyond two runs, a bucket per two pixels: eight runs' points are the union of their extremes,
      // so the rows (and uPlot's work per series) grow with the runs; a line's min/max every 2 px
      // still shows every spike.
      const buckets = runs.length > 2 ? Math.ceil(width / 2) : width;
      return alignRuns(columns, buckets, zoom.current ?? undefined) as uPlot.AlignedData;
    };
    const colors = () => CHART_COLORS[themeRef.current];
    zoom.current = zoomSync.range;
    let following = true;
    const instance = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 5 } },
        scales: { x: { time: false } },
        series: [
          {},
          ...runs.flatMap((run) => [
            // Each run has values only at its own points (align.ts): its line joins them.
            { label: `${run.label} (raw)`, stroke: () => fainter(seriesColor(run.colorIndex, themeRef.current), themeRef.current === "dark" ? 0.4 : 0.3), width: 1, spanGaps: true, points: { show: false } },
            { label: run.label, stroke: () => seriesColor(run.colorIndex, themeRef.current), width: 1.75, spanGaps: true, points: { show: false } },
          ]),
        ],
        axes: [
          {
            stroke: () => colors().axis,
            grid: { stroke: () => colors().grid, width: 1 },
            ticks: { stroke: () => colors().grid, width: 1 },
            font: "11px Inter, ui-sans-serif, system-ui",
            // Jobs start at different model steps: they are compared step for step of their own.
            label: "Job step",
            labelFont: "11px Inter, ui-sans-serif, system-ui",
            labelSize: 14,
            size: 30,
            incrs: STEP_INCREMENTS,
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatCount(v) : "")),
          },
          {
            stroke: () => colors().axis,
            grid: { stroke: () => colors().grid, width: 1 },
            ticks: { stroke: () => colors().grid, width: 1 },
            font: "11px Inter, ui-sans-serif, system-ui",
            size: 56,
            values: (_u, splits) => splits.map((v) => formatMetric(v)),
          },
        ],
        hooks: {
          setCursor: [(u) => setHoverRow(u.cursor.idx ?? null)],
          setScale: [
            (u, key) => {
              if (key !== "x") return;
              const { min, max } = u.scales.x!;
              const last = u.data[0].at(-1);
              if (min === undefined || max === undefined || last === undefined) return;
              const isZoomed = min > 1 || max < last;
              const previous = zoom.current;
              zoom.current = isZoomed ? { min, max } : null;
              if (!following) zoomSync.set(zoom.current, u);
              if (isZoomed && (previous?.min !== min || previous?.max !== max)) queueMicrotask(() => refresh.current(true));
            },
          ],
          draw: [() => timing?.drawn(name)],
        },
      },
      data(),
      element,
    );
    plot.current = instance;
    refresh.current = (keepScale) => instance.setData(data(), !keepScale);
    if (zoom.current) instance.setScale("x", zoom.current);
    following = false;
    const unfollow = zoomSync.subscribe((range, origin) => {
      if (origin === instance) return;
      following = true;
      zoom.current = range;
      if (range === null) refresh.current(false);
      else {
        refresh.current(true);
        instance.setScale("x", range);
      }
      following = false;
    });
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => instance.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }));
    resize?.observe(element);
    return () => {
      unfollow();
      resize?.disconnect();
      instance.destroy();
      plot.current = null;
      refresh.current = () => {};
    };
    // runKey stands for `runs` (a new array each render with the same jobs).
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey, name, timing, smoothers, zoomSync]);

  const drawn = useRef<string | null>(null);
  useEffect(() => {
    const key = `${version}|${smoothing}`;
    if (!plot.current || drawn.current === key) return;
    drawn.current = key;
    weight.current = smoothing;
    timing?.begin(name);
    refresh.current(zoom.current !== null);
  }, [version, smoothing, name, timing]);

  useEffect(() => {
    themeRef.current = theme;
    plot.current?.redraw(false, true);
  }, [theme]);

  const hoverStep = hoverRow === null ? null : (plot.current?.data[0][hoverRow] ?? null);
  const readout = hoverStep === null ? null : readoutAt(hoverStep, runs, (run) => smoothers.get(run.jobId)?.of(run.store.column(name), smoothing));

  return (
    <figure aria-labelledby={headingId} className="min-w-0 rounded-lg border border-line bg-surface p-3" data-metric={name}>
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
        aria-label={`${name} of ${runs.length} jobs by job step: ${runs.map((run) => `${run.label} latest ${formatMetric(lastFinite(run.store.column(name)))}`).join("; ")}`}
        style={{ height: HEIGHT }}
        className="w-full"
      />
    </figure>
  );
}

/** Each job's smoothed value at a job step (the drawn rows hold only each run's own points). */
function readoutAt(step: number, runs: readonly CompareRun[], smoothedOf: (run: CompareRun) => ArrayLike<number> | undefined): string {
  const values = runs.map((run) => {
    const value = smoothedOf(run)?.[step - 1];
    return `${run.label} ${formatMetric(value === undefined || Number.isNaN(value) ? null : value)}`;
  });
  return `job step ${formatCount(step)} · ${values.join(" · ")}`;
}

function lastFinite(column: ArrayLike<number>): number | null {
  for (let i = column.length - 1; i >= 0; i -= 1) if (Number.isFinite(column[i]!)) return column[i]!;
  return null;
}
