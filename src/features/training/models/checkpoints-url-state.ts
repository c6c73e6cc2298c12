import { readChoice, readNumberChoice, readText, writeParam } from "@/lib/url-state/params";
import type { UrlViewCodec } from "@/lib/url-state/use-url-table";
import { DIRECTIONS, type Direction } from "../metrics";
import { formatMetricSort, parseMetricSort, type MetricSort } from "./checkpoints-sort";

export const CHECKPOINT_PAGE_SIZES = [20, 50, 100] as const;
export type CheckpointPageSize = (typeof CHECKPOINT_PAGE_SIZES)[number];
const DEFAULT_PAGE_SIZE: CheckpointPageSize = 20;

export type CheckpointsView = {
  order: "asc" | "desc";
  limit: CheckpointPageSize;
  /** The metric that ranks checkpoints; "" for the model's default (known once its metrics are). */
  best: string;
  /** Which way is better; null for the metric's usual way. */
  dir: Direction | null;
  /** A metric to sort every checkpoint by; null for the service's order by step. */
  sort: MetricSort | null;
};

/** The checkpoints panel's order (by step, or by a metric), page size and ranking, in the URL so a shared link shows the same. */
export const CHECKPOINTS_URL_CODEC: UrlViewCodec<CheckpointsView> = {
  params: ["order", "limit", "best", "dir", "sort"],
  read: (params, issues) => ({
    order: readChoice(params, "order", ["asc", "desc"] as const, "asc", issues, "an order"),
    limit: readNumberChoice(params, "limit", CHECKPOINT_PAGE_SIZES, DEFAULT_PAGE_SIZE, issues, "page size"),
    best: readText(params, "best"),
    dir: readChoice(params, "dir", DIRECTIONS, null, issues, "a direction"),
    sort: parseMetricSort(readText(params, "sort"), issues),
  }),
  write: (view, params) => {
    writeParam(params, "order", view.order, "asc");
    writeParam(params, "limit", String(view.limit), String(DEFAULT_PAGE_SIZE));
    writeParam(params, "best", view.best);
    writeParam(params, "dir", view.dir ?? "");
    writeParam(params, "sort", formatMetricSort(view.sort));
  },
};
