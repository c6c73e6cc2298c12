import type { ReactNode } from "react";
import { emphasisedMetric, isFlatMetric } from "../metrics";
import type { ChartSize } from "./chart-size";

/**
 * How the job page and the Compare page lay out a chart per metric: the headline metric (reward,
 * else loss) first across the width and taller, then the others two abreast, and flat series
 * (learning rate, counts) last and small, so the curves people read get the room.
 * `chart` renders one metric's chart (keyed by its name) at the size given.
 */
export function ChartLayout({
  metrics,
  chart,
}: {
  metrics: readonly string[];
  chart: (name: string, size: ChartSize) => ReactNode;
}) {
  const emphasised = emphasisedMetric(metrics);
  const main = metrics.filter((name) => !isFlatMetric(name));
  const flat = metrics.filter(isFlatMetric);
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {main.map((name) =>
          name === emphasised ? (
            <div key={name} className="lg:col-span-2">
              {chart(name, "emphasised")}
            </div>
          ) : (
            chart(name, "normal")
          ),
        )}
      </div>
      {flat.length > 0 ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {flat.map((name) => chart(name, "small"))}
        </div>
      ) : null}
    </div>
  );
}

/** A chart's box while its code loads or before it is made: its final size, so nothing shifts (46 px: the caption and padding). */
export function ChartPlaceholder({ height }: { height: number }) {
  return (
    <div
      style={{ height: height + 46 }}
      className="animate-pulse rounded-lg border border-line bg-surface motion-reduce:animate-none"
    />
  );
}

/**
 * The charts laid out as ChartLayout says, or why none are drawn: their code did not load, or the
 * browser has no canvas. The metrics are named either way, so the page still says what it would chart;
 * `namesOnFailure` off leaves them out of the load failure (the Compare page's metric picker names them already).
 */
export function ChartsOrReason({
  metrics,
  chart,
  codeFailed,
  drawable,
  namesOnFailure = true,
}: {
  metrics: readonly string[];
  chart: (name: string, size: ChartSize) => ReactNode;
  codeFailed: boolean;
  drawable: boolean;
  namesOnFailure?: boolean;
}) {
  if (codeFailed)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        The charts' code could not be loaded (the network or a new version of the dashboard). Reload the page to try
        again.{namesOnFailure ? ` Metrics: ${metrics.join(", ")}.` : null}
      </p>
    );
  if (!drawable)
    return (
      <p className="text-sm text-fg-muted">
        This browser cannot draw charts (no canvas). Metrics: {metrics.join(", ")}.
      </p>
    );
  return <ChartLayout metrics={metrics} chart={chart} />;
}
