import type { Checkpoint } from "@contract/training";
import { StarIcon } from "@/components/icons";
import {
  BodyRow,
  Cell,
  HeaderCell,
  SortHeaderCell,
  STICKY_AFTER_TICK,
  STICKY_BACKGROUND,
  STICKY_TICK_COLUMN,
  Table,
  TableFrame,
  TableHead,
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
  return (
    <TableFrame>
      <Table caption={caption}>
        <TableHead>
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
          <SortHeaderCell
            direction={metricSort ? false : order}
            onSort={onSortByStep}
            hint={metricSort ? "Activate to order by step." : "Activate to reverse the order."}
            className={cn(STICKY_AFTER_TICK, HEAD_BG)}
          >
            Step
          </SortHeaderCell>
          {metrics.map((m) => (
            <SortHeaderCell
              key={m}
              direction={metricSort?.metric === m ? metricSort.direction : false}
              onSort={() => onSortByMetric(m)}
              hint="Activate to sort every checkpoint by this metric; again to reverse."
              className="font-mono"
            >
              {m}
            </SortHeaderCell>
          ))}
          <HeaderCell className={cn(STICKY_ACTIONS, HEAD_BG)}>Address</HeaderCell>
        </TableHead>
        <tbody>
          {checkpoints.map((checkpoint) => {
            const isBest = checkpoint.step === bestStep;
            const bg = rowBg(isBest);
            return (
              <BodyRow key={checkpoint.id} className={cn(isBest && "bg-amber-50/70 dark:bg-amber-400/5")}>
                <td className={cn(STICKY_TICK_COLUMN, bg, "py-2.5")}>
                  <input
                    type="checkbox"
                    aria-label={`Select step ${checkpoint.step}`}
                    checked={selected.has(checkpoint.step)}
                    onChange={(event) => onSelect([checkpoint.step], event.target.checked)}
                    className="accent-[var(--ui-accent)]"
                  />
                </td>
                <th
                  scope="row"
                  className={cn(
                    STICKY_AFTER_TICK,
                    bg,
                    "px-3 py-2.5 text-left font-medium whitespace-nowrap text-fg tabular-nums",
                  )}
                >
                  {checkpoint.step}
                  {isBest ? (
                    <span className="ml-2 inline-flex items-center gap-0.5 rounded-full bg-amber-100 px-1.5 py-px text-[11px] font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                      <StarIcon size={11} />
                      <span className="max-sm:sr-only">Best</span>
                    </span>
                  ) : null}
                </th>
                {metrics.map((m) => (
                  <Cell key={m} className="text-xs text-fg tabular-nums">
                    {formatMetric(checkpoint.metrics[m])}
                  </Cell>
                ))}
                <Cell className={cn(STICKY_ACTIONS, bg)}>
                  <CheckpointActions path={path} step={checkpoint.step} />
                </Cell>
              </BodyRow>
            );
          })}
        </tbody>
      </Table>
    </TableFrame>
  );
}
