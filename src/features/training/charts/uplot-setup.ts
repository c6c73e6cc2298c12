import type uPlot from "uplot";
import { formatCount } from "@/lib/number-format";
import { formatTicks } from "./tick-labels";
import type { ChartColors } from "./chart-theme";
import type { StepRange, ZoomSync } from "./zoom-sync";

/**
 * What the job page's chart and the comparison's chart set up alike: their axes, the zoom they
 * share with the page's other charts, and a width that follows their box.
 */

/** Tick spacings of the step axis: whole numbers only, 1-2-5 up to a million steps. */
const STEP_INCREMENTS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
];
const FONT = "11px Inter, ui-sans-serif, system-ui";

/** The x axis (steps, named `stepLabel`) and the y axis (the metric); colours read at each draw, so a theme change needs only a redraw. */
export function stepAxes(colors: () => ChartColors, stepLabel: string): uPlot.Axis[] {
  const common = {
    stroke: () => colors().axis,
    grid: { stroke: () => colors().grid, width: 1 },
    ticks: { stroke: () => colors().grid, width: 1 },
    font: FONT,
  };
  return [
    {
      ...common,
      label: stepLabel,
      labelFont: FONT,
      labelSize: 14,
      size: 30,
      // Steps are whole numbers: ticks at whole steps only (no 2.5 or 162.5).
      incrs: STEP_INCREMENTS,
      values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatCount(v) : "")),
    },
    // As many digits as tell the ticks apart: a learning rate's 1.9e-5 and 2e-5 must not both read "0".
    { ...common, size: 56, values: (_u, splits) => formatTicks(splits) },
  ];
}

/**
 * The x range: the data's steps, extended to the last step the job will train (`plannedLast`,
 * when known), so a job's first step sits at the start of its own steps, not in the middle of
 * uPlot's padding of a single value (0-50 around step 25). Zoomed (a range inside the data), the
 * zoom as it is.
 */
export function fitSteps(
  xs: ArrayLike<number>,
  min: number | null,
  max: number | null,
  plannedLast: number | null,
): [number | null, number | null] {
  if (xs.length === 0 || min === null || max === null) return [min, max];
  const first = xs[0]!;
  const last = xs[xs.length - 1]!;
  if (min > first || max < last) return [min, max];
  const end = plannedLast !== null && plannedLast > last ? plannedLast : last;
  return end > first ? [first, end] : [first - 1, first + 1];
}

/** uPlot's own padding of a range (`uPlot.rangeNum`), passed in: this module loads where uPlot cannot (jsdom). */
export type RangeNum = (min: number, max: number, mult: number, extra: boolean) => uPlot.Range.MinMax;

/**
 * The y range: uPlot's padded one, except for a flat series, which uPlot spreads from 0 (a
 * constant 2e-5 drew above a lone "0" tick, all zeros got 0-100): about a tenth of the value either
 * side, and -1 to 1 around zero.
 */
export function fitValues(min: number | null, max: number | null, rangeNum: RangeNum): [number | null, number | null] {
  if (min === null || max === null) return [min, max];
  // Flat within floating point: the smoothed line of a constant series wanders in its last digits.
  const middle = (min + max) / 2;
  if (max - min > Math.abs(middle) * FLAT) return rangeNum(min, max, 0.1, true);
  if (middle === 0) return [-1, 1];
  // Not quite centred: uPlot rounds a line to whole pixels, and at the exact middle of a plot an
  // odd number of pixels tall, last-digit noise flips it between two rows (a wiggle in a flat line).
  const pad = Math.abs(middle) * 0.1;
  return [middle - pad, middle + pad * 1.5];
}

/** A spread this small next to the values is rounding, not a change. */
const FLAT = 1e-9;

/** Scales of a chart of steps: `plannedLast` is read at each draw (it is known once the job starts). */
export function stepScales(plannedLast: () => number | null, rangeNum: RangeNum): uPlot.Scales {
  return {
    x: { time: false, range: (u, min, max) => fitSteps(u.data[0], min, max, plannedLast()) },
    y: { range: (_u, min, max) => fitValues(min, max, rangeNum) },
  };
}

/**
 * A series' points, shown only where the line has nothing to join: a single value in view (a job's
 * first step) draws nothing as a line.
 */
export function loneValuePoints(size: number): uPlot.Series.Points {
  return {
    size,
    show: (u, seriesIdx, idx0, idx1) => {
      const ys = u.data[seriesIdx];
      if (!ys) return false;
      let values = 0;
      for (let i = idx0; i <= idx1 && values < 2; i += 1) if (ys[i] !== null && ys[i] !== undefined) values += 1;
      return values === 1;
    },
  };
}

/**
 * A chart's side of the page's shared zoom. `range` is what this chart shows (null: everything);
 * while `following` another chart (or being set up), its own scale changes are not published.
 */
export class ChartZoom {
  range: StepRange | null;
  following = true;

  constructor(
    private readonly sync: ZoomSync,
    /** Recomputes the drawn points; keepScale: leave the x range as it is. */
    private readonly refresh: (keepScale: boolean) => void,
  ) {
    this.range = sync.range;
  }

  /**
   * uPlot's setScale hook: records the x range, publishes it to the other charts and, zoomed in,
   * re-decimates the range at full detail (the refinement itself keeps the scale).
   * `firstStep`/`lastStep`: the whole series' ends, to tell zoomed from not.
   */
  onScale(u: uPlot, firstStep: number | undefined, lastStep: number | undefined): void {
    const { min, max } = u.scales.x!;
    if (firstStep === undefined || lastStep === undefined || min === undefined || max === undefined) return;
    const isZoomed = min > firstStep || max < lastStep;
    const previous = this.range;
    this.range = isZoomed ? { min, max } : null;
    if (!this.following) this.sync.set(this.range, u);
    if (isZoomed && (previous?.min !== min || previous?.max !== max)) queueMicrotask(() => this.refresh(true));
  }

  /** New data or a new weight: not zoomed, the x range grows with the data; zoomed, it stays. */
  redraw(): void {
    this.refresh(this.range !== null);
  }

  /** Applies the page's zoom now and follows it from then on; returns the unsubscribe. */
  follow(instance: uPlot): () => void {
    if (this.range) instance.setScale("x", this.range);
    this.following = false;
    return this.sync.subscribe((range, origin) => {
      if (origin === instance) return;
      this.following = true;
      this.range = range;
      if (range === null) this.refresh(false);
      else {
        this.refresh(true);
        instance.setScale("x", range);
      }
      this.following = false;
    });
  }
}

/** Keeps the chart as wide as its box; returns the disconnect. */
function fitWidth(instance: uPlot, element: HTMLElement, height: number): () => void {
  if (typeof ResizeObserver === "undefined") return () => {};
  const observer = new ResizeObserver(() => instance.setSize({ width: Math.max(200, element.clientWidth), height }));
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Keeps a drawn chart in step with the shared zoom and its box's width; the function returned
 * undoes both and destroys the chart (an effect's cleanup).
 */
export function keepInStep(instance: uPlot, element: HTMLElement, height: number, chartZoom: ChartZoom): () => void {
  const unfollow = chartZoom.follow(instance);
  const unfit = fitWidth(instance, element, height);
  return () => {
    unfollow();
    unfit();
    instance.destroy();
  };
}

/** The drawing width in CSS pixels: the plot area once drawn, the box before. */
export function plotWidth(instance: uPlot | null, element: HTMLElement): number {
  return Math.max(100, Math.round(instance?.bbox.width ? instance.bbox.width / devicePixelRatio : element.clientWidth));
}
