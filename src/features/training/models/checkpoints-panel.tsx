import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { trainingQueries } from "../../../api/queries/training";
import { useApiClients } from "../../../settings/api-clients";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorPanel } from "../../../components/error-panel";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/icons";
import { LoadingBar } from "../../../components/loading-bar";
import { compactSelectClasses } from "../compact-select";
import { formatCount } from "../../../lib/format";
import { defaultDirection, orderMetrics, type Direction } from "../metrics";
import { BestPicker } from "./best-picker";
import { bestCheckpoint, defaultRankingMetric } from "./best-checkpoint";
import type { ModelPath } from "./checkpoint-actions";
import { CheckpointsTable } from "./checkpoints-table";
import { DeleteCheckpoints } from "./delete-checkpoints";

const PAGE_SIZES = [20, 50, 100];

/**
 * A model's checkpoints, a page at a time with the service's cursor (`after`), in either order.
 * Order, page size and the ranking metric live in the URL; the cursor trail lives here (going
 * back a page needs the cursors of the pages before).
 */
export function CheckpointsPanel({ modelId, modelLabel, path }: { modelId: string; modelLabel: string; path: ModelPath | null }) {
  const { training } = useApiClients();
  const [params, setParams] = useSearchParams();
  const order = params.get("order") === "desc" ? "desc" : "asc";
  const limit = PAGE_SIZES.includes(Number(params.get("limit"))) ? Number(params.get("limit")) : 20;
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors.at(-1);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const page = useQuery({ ...trainingQueries.checkpointsPage(training, modelId, { after, limit, order }), placeholderData: keepPreviousData });
  const stats = useQuery(trainingQueries.checkpointStats(training, modelId));

  const metricNames = orderMetrics(Object.keys(stats.data?.metrics ?? {}).length ? Object.keys(stats.data!.metrics) : [...new Set(page.data?.data.flatMap((c) => Object.keys(c.metrics)) ?? [])]);
  const rankBy = params.get("best") && metricNames.includes(params.get("best")!) ? params.get("best")! : defaultRankingMetric(metricNames);
  const direction: Direction = params.get("dir") === "lower" || params.get("dir") === "higher" ? (params.get("dir") as Direction) : rankBy ? defaultDirection(rankBy) : "higher";
  const best = rankBy ? bestCheckpoint(stats.data, rankBy, direction) : null;

  const updateParams = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const restart = () => setCursors([undefined]);
  const select = (steps: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const s of steps) {
        if (on) next.add(s);
        else next.delete(s);
      }
      return next;
    });

  const data = page.data;
  const pageNumber = cursors.length;

  return (
    <section aria-labelledby="checkpoints-heading" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="checkpoints-heading" className="text-sm font-semibold text-fg">
          Checkpoints
        </h2>
        <span className="text-xs text-fg-muted">{stats.data ? `${formatCount(stats.data.count)} in all` : stats.isPending ? "counting…" : ""}</span>
      </div>
      {stats.isError ? <ErrorPanel error={stats.error} title="Could not read every checkpoint to find the best" onRetry={() => void stats.refetch()} /> : null}
      <BestPicker
        metrics={metricNames}
        metric={rankBy}
        direction={direction}
        onChange={(metric, dir) => updateParams({ best: metric, dir: metric === rankBy ? dir : defaultDirection(metric) })}
        best={best}
        scanning={stats.isPending}
        path={path}
      />
      <DeleteCheckpoints
        modelId={modelId}
        modelLabel={modelLabel}
        selected={[...selected].sort((a, b) => a - b)}
        onDeleted={() => {
          // A deleted checkpoint may be this page's cursor: start again from the first page.
          setSelected(new Set());
          restart();
        }}
      />
      <div aria-busy={page.isFetching}>
        <LoadingBar active={page.isFetching} label="Loading checkpoints" />
        {page.isError ? (
          <ErrorPanel error={page.error} title="Could not load checkpoints" onRetry={() => void page.refetch()} />
        ) : data && data.data.length === 0 && pageNumber === 1 ? (
          <EmptyState title="No checkpoints" description="Each gradient step of a job on this model saves one. Start a job to make some." />
        ) : data ? (
          <CheckpointsTable
            checkpoints={data.data}
            metrics={metricNames}
            order={order}
            onToggleOrder={() => {
              updateParams({ order: order === "asc" ? "desc" : null });
              restart();
            }}
            selected={selected}
            onSelect={select}
            bestStep={best?.step ?? null}
            path={path}
          />
        ) : (
          <p className="text-sm text-fg-muted">Loading checkpoints…</p>
        )}
      </div>
      <nav aria-label="Checkpoint pages" className="flex flex-wrap items-center gap-3 text-xs text-fg-muted">
        <Button size="sm" disabled={pageNumber === 1} onClick={() => setCursors((c) => c.slice(0, -1))} icon={<ChevronLeftIcon size={13} />}>
          Previous
        </Button>
        <output>
          Page {pageNumber}
          {data && data.data.length > 0 ? `: steps ${data.data[0]!.step}–${data.data.at(-1)!.step}` : ""}
        </output>
        <Button
          size="sm"
          disabled={!data?.has_more || page.isPlaceholderData}
          onClick={() => data?.last_id && setCursors((c) => [...c, data.last_id ?? undefined])}
          icon={<ChevronRightIcon size={13} />}
        >
          Next
        </Button>
        <label className="ml-auto flex items-center gap-1.5">
          Per page
          <select
            value={limit}
            onChange={(event) => {
              updateParams({ limit: event.target.value === "20" ? null : event.target.value });
              restart();
            }}
            className={compactSelectClasses}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </section>
  );
}
