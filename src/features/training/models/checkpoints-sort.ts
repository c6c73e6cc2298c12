import type { Checkpoint } from "@contract/training";
import type { SortDirection } from "@/lib/url-state/sort-param";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { defaultDirection } from "../metrics";

/**
 * Sorting a model's checkpoints by a metric (`?sort=reward.desc`). The service orders checkpoints
 * by step only, so a metric sort orders every checkpoint in the browser (the panel reads them all
 * anyway, to find the best) and pages through them itself. Without `sort`, the table is the
 * service's pages by step (`?order=`).
 */

export type MetricSort = { metric: string; direction: SortDirection };

/** `reward.desc` → reward, descending. A metric's own dots are kept (`eval.loss.asc`). The metric is checked later, against the model's. */
export function parseMetricSort(raw: string, issues: UrlIssue[]): MetricSort | null {
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  const direction = dot === -1 ? "" : raw.slice(dot + 1);
  if (dot <= 0 || (direction !== "asc" && direction !== "desc")) {
    issues.push({ param: "sort", value: raw, reason: "is not a metric and a direction (e.g. reward.desc)" });
    return null;
  }
  return { metric: raw.slice(0, dot), direction };
}

export const formatMetricSort = (sort: MetricSort | null): string => (sort ? `${sort.metric}.${sort.direction}` : "");

/** A metric's header: again flips it; first the better values on top (rewards descending, losses ascending). */
export function nextMetricSort(current: MetricSort | null, metric: string): MetricSort {
  if (current?.metric === metric) return { metric, direction: current.direction === "asc" ? "desc" : "asc" };
  return { metric, direction: defaultDirection(metric) === "higher" ? "desc" : "asc" };
}

/** Sorted by the metric; checkpoints without it last either way; equal values by step. */
export function sortCheckpointsByMetric(checkpoints: readonly Checkpoint[], sort: MetricSort): Checkpoint[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  const valueOf = (c: Checkpoint): number | null => {
    const value = c.metrics[sort.metric];
    return typeof value === "number" && !Number.isNaN(value) ? value : null;
  };
  return [...checkpoints].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === null || y === null) return x === y ? a.step - b.step : x === null ? 1 : -1;
    return sign * (x - y) || a.step - b.step;
  });
}
