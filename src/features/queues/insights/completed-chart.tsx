import { useEffect, useLayoutEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCount } from "@/lib/number-format";
import { annotatorColor, AXIS_COLORS } from "./chart-colors";
import type { CompletedPerDay } from "./completed-per-day";
import { dayLabel, dayRange, dayStart, dayTicks, spansYears } from "./day-axis";

const HEIGHT = 220;
/** The y axis's width: the x axis's labels have the rest of the chart's width. */
const Y_AXIS_PX = 44;

/** Running totals per annotator, so each bar segment sits on the ones before it. */
function stacked(counts: readonly (readonly number[])[], days: number): number[][] {
  const sums = Array.from<number>({ length: days }).fill(0);
  return counts.map((row) => row.map((count, day) => (sums[day] = (sums[day] as number) + count)));
}

/**
 * Completions per day as bars stacked by annotator (uPlot). The top of each stack is drawn first
 * and each lower segment over it, so every segment shows its annotator's colour. The readout
 * above says the hovered day's numbers; the table beside the chart says them all.
 */
export function CompletedChart({
  data,
  names,
  theme,
  label,
}: {
  data: CompletedPerDay;
  names: readonly string[];
  theme: "light" | "dark";
  label: string;
}) {
  const target = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const themeRef = useRef(theme);
  const [hovered, setHovered] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = target.current;
    if (!element || data.days.length === 0) return;
    const xs = data.days.map(dayStart);
    const layers = stacked(data.counts, xs.length);
    const order = layers.map((_, index) => index).toReversed();
    const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
    const axis = () => AXIS_COLORS[themeRef.current];
    // The axis is the days' own (day-axis.ts): uPlot's time axis stretches a single day to years.
    const range = dayRange(data.days);
    const withYear = spansYears(data.days);
    const instance = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: { x: { time: false, range: () => range }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [
          {},
          ...order.map((index) => ({
            label: names[index] ?? "",
            fill: () => annotatorColor(themeRef.current, index),
            stroke: () => annotatorColor(themeRef.current, index),
            width: 0,
            paths: bars,
            points: { show: false },
          })),
        ],
        axes: [
          {
            stroke: () => axis().axis,
            grid: { show: false },
            ticks: { stroke: () => axis().grid },
            font: "11px Inter, ui-sans-serif, system-ui",
            size: 32,
            splits: (u) => dayTicks(data.days, u.width - Y_AXIS_PX, withYear),
            values: (_u, splits) => splits.map((at) => dayLabel(at, withYear)),
          },
          {
            stroke: () => axis().axis,
            grid: { stroke: () => axis().grid, width: 1 },
            ticks: { stroke: () => axis().grid },
            font: "11px Inter, ui-sans-serif, system-ui",
            size: Y_AXIS_PX,
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatCount(v) : "")),
          },
        ],
        hooks: { setCursor: [(u) => setHovered(u.cursor.idx ?? null)] },
      },
      [xs, ...order.map((index) => layers[index] as number[])] as uPlot.AlignedData,
      element,
    );
    plot.current = instance;
    const resize =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => instance.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      instance.destroy();
      plot.current = null;
    };
  }, [data, names]);

  useEffect(() => {
    themeRef.current = theme;
    plot.current?.redraw(false, true);
  }, [theme]);

  const day = hovered === null ? null : data.days[hovered];
  return (
    <div className="min-w-0">
      <p className="min-h-5 text-xs text-fg-muted tabular-nums" aria-hidden="true">
        {day && hovered !== null
          ? `${day}: ${names.map((name, index) => `${name} ${formatCount(data.counts[index]?.[hovered] ?? 0)}`).join(" · ")}`
          : "Hover a day for its numbers."}
      </p>
      <div
        ref={target}
        // uPlot draws into this box (a canvas needs a container); the label says what it shows and the table holds the numbers.
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="img"
        aria-label={label}
        className="h-[220px] w-full"
      />
    </div>
  );
}
