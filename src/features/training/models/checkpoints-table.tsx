import type { Checkpoint } from "@contract/training";
import { functionalUpdate, type SortingState, type Updater } from "@tanstack/react-table";
import { useMemo } from "react";
import { StarIcon } from "@/components/icons";
import {
  BodyRow,
  createDataColumnHelper,
  DataTable,
  DataTableCells,
  STICKY_AFTER_TICK,
  STICKY_BACKGROUND,
  STICKY_TICK_COLUMN,
  TableFrame,
  useDataTable,
} from "@/components/table";
import { cn } from "@/lib/cn";
import { formatMetric } from "../metric-format";
import { CheckpointActions, type ModelPath } from "./checkpoint-actions";
import type { MetricSort } from "./checkpoints-sort";

// On a narrow screen the metrics scroll sideways under the row's checkbox, step and actions,
// which stay in view (opaque backgrounds hide what scrolls beneath them).
const STICKY_ACTIONS = "sticky right-0 z-[1] border-l border-line";
const HEAD_BG = STICKY_BACKGROUND.header;
// The best row's tint, made opaque for the sticky cells (the same amber over the surface as the row's own).
const rowBg = (isBest: boolean) =>
  isBest
    ? "bg-amber-50 dark:bg-[color-mix(in_oklab,var(--color-amber-400)_5%,var(--ui-surface))]"
    : STICKY_BACKGROUND.cell;

const WORDS = { asc: "ascending", desc: "descending" } as const;
/** The tick box column's width: STICKY_TICK_COLUMN's, where the sticky step column after it starts. */
const TICK_WIDTH = 40;
const STEP = "step";
/** A metric's column id, apart from the step's even for a metric named "step". */
const metricColumn = (metric: string) => `metric:${metric}`;

const helper = createDataColumnHelper<Checkpoint>();

/** The step (the row's header), a column per metric, and the row's actions, kept in view at the right. */
function checkpointColumns(
  metrics: readonly string[],
  bestStep: number | null,
  path: ModelPath | null,
  metricSorted: boolean,
) {
  return helper.columns([
    helper.accessor("step", {
      id: STEP,
      meta: {
        label: "Step",
        sortField: STEP,
        sortHint: metricSorted ? "Activate to order by step." : "Activate to reverse the order.",
        rowHeader: true,
        cellClassName: "font-medium whitespace-nowrap text-fg tabular-nums",
      },
      cell: ({ row: { original: checkpoint } }) => (
        <>
          {checkpoint.step}
          {checkpoint.step === bestStep ? (
            <span className="ml-2 inline-flex items-center gap-0.5 rounded-full bg-amber-100 px-1.5 py-px text-[11px] font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              <StarIcon size={11} />
              <span className="max-sm:sr-only">Best</span>
            </span>
          ) : null}
        </>
      ),
    }),
    ...metrics.map((metric) =>
      helper.accessor((checkpoint) => checkpoint.metrics[metric], {
        id: metricColumn(metric),
        meta: {
          label: metric,
          sortField: metric,
          sortHint: "Activate to sort every checkpoint by this metric; again to reverse.",
          headerClassName: "font-mono",
          cellClassName: "text-xs text-fg tabular-nums",
        },
        cell: (info) => formatMetric(info.getValue()),
      }),
    ),
    helper.display({
      id: "address",
      meta: {
        label: "Address",
        headerClassName: cn(STICKY_ACTIONS, HEAD_BG),
        cellClassOf: (checkpoint: Checkpoint) => cn(STICKY_ACTIONS, rowBg(checkpoint.step === bestStep)),
      },
      cell: ({ row: { original: checkpoint } }) => <CheckpointActions path={path} step={checkpoint.step} />,
    }),
  ]);
}

type Props = {
  checkpoints: Checkpoint[];
  metrics: string[];
  /** The service's order by step, used when no metric sorts the table. */
  order: "asc" | "desc";
  metricSort: MetricSort | null;
  onSortByStep: () => void;
  onSortByMetric: (metric: string) => void;
  selected: ReadonlySet<number>;
  onSelect: (steps: number[], on: boolean) => void;
  bestStep: number | null;
  path: ModelPath | null;
};

/**
 * One page of checkpoints: a column per metric, a checkbox per row, the best step starred.
 * Sorted by step (the service's order) or by any metric; aria-sort says which column and way.
 */
export function CheckpointsTable({
  checkpoints,
  metrics,
  order,
  metricSort,
  onSortByStep,
  onSortByMetric,
  selected,
  onSelect,
  bestStep,
  path,
}: Props) {
  const pageSteps = checkpoints.map((c) => c.step);
  const selectedOnPage = pageSteps.filter((s) => selected.has(s)).length;
  const allOnPage = pageSteps.length > 0 && selectedOnPage === pageSteps.length;
  const caption = metricSort
    ? `Checkpoints, sorted by ${metricSort.metric} ${WORDS[metricSort.direction]}`
    : `Checkpoints, ordered by step ${WORDS[order]}`;
  const columns = useMemo(
    () => checkpointColumns(metrics, bestStep, path, metricSort !== null),
    [metrics, bestStep, path, metricSort],
  );
  const sorting = useMemo<SortingState>(
    () =>
      metricSort
        ? [{ id: metricColumn(metricSort.metric), desc: metricSort.direction === "desc" }]
        : [{ id: STEP, desc: order === "desc" }],
    [metricSort, order],
  );
  // A header says which column was activated; the panel's rules pick the order.
  const onSortingChange = (updater: Updater<SortingState>) => {
    const id = functionalUpdate(updater, sorting)[0]?.id;
    if (id === STEP) onSortByStep();
    else if (id !== undefined) onSortByMetric(id.slice(metricColumn("").length));
  };
  const table = useDataTable({ columns, data: checkpoints, getRowId, sorting, onSortingChange });
  const selectPage = (
    <th scope="col" className={cn(STICKY_TICK_COLUMN, HEAD_BG, "py-2")}>
      <input
        type="checkbox"
        aria-label="Select every checkpoint on this page"
        checked={allOnPage}
        ref={(el) => {
          if (el) el.indeterminate = selectedOnPage > 0 && !allOnPage;
        }}
        onChange={(event) => onSelect(pageSteps, event.target.checked)}
        className="accent-[var(--ui-accent)]"
      />
    </th>
  );
  return (
    <TableFrame>
      <DataTable
        table={table}
        caption={caption}
        stickyFirst="after-tick"
        leading={{ width: TICK_WIDTH, header: selectPage }}
      >
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const checkpoint = row.original;
            const isBest = checkpoint.step === bestStep;
            const bg = rowBg(isBest);
            return (
              <BodyRow key={row.id} className={cn(isBest && "bg-amber-50/70 dark:bg-amber-400/5")}>
                <td className={cn(STICKY_TICK_COLUMN, bg, "py-2.5")}>
                  <input
                    type="checkbox"
                    aria-label={`Select step ${checkpoint.step}`}
                    checked={selected.has(checkpoint.step)}
                    onChange={(event) => onSelect([checkpoint.step], event.target.checked)}
                    className="accent-[var(--ui-accent)]"
                  />
                </td>
                <DataTableCells row={row} first={cn(STICKY_AFTER_TICK, bg)} />
              </BodyRow>
            );
          })}
        </tbody>
      </DataTable>
    </TableFrame>
  );
}

const getRowId = (checkpoint: Checkpoint) => checkpoint.id;
