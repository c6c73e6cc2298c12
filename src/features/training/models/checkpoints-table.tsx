import type { Checkpoint } from "@contract/training";
import { StarIcon } from "@/components/icons";
import { BodyRow, Cell, HeaderCell, RowHeaderCell, SortHeaderCell, Table, TableFrame, TableHead } from "@/components/table";
import { cn } from "@/lib/cn";
import { formatMetric } from "../format";
import { CheckpointActions, type ModelPath } from "./checkpoint-actions";

/**
 * One page of checkpoints: a column per metric, a checkbox per row, the best step starred.
 * The step column is the sort (the service orders checkpoints by step): aria-sort says which way.
 */
export function CheckpointsTable({
  checkpoints,
  metrics,
  order,
  onToggleOrder,
  selected,
  onSelect,
  bestStep,
  path,
}: {
  checkpoints: Checkpoint[];
  metrics: string[];
  order: "asc" | "desc";
  onToggleOrder: () => void;
  selected: ReadonlySet<number>;
  onSelect: (steps: number[], on: boolean) => void;
  bestStep: number | null;
  path: ModelPath | null;
}) {
  const pageSteps = checkpoints.map((c) => c.step);
  const selectedOnPage = pageSteps.filter((s) => selected.has(s)).length;
  const allOnPage = pageSteps.length > 0 && selectedOnPage === pageSteps.length;
  return (
    <TableFrame>
      <Table caption={`Checkpoints, ordered by step ${order === "asc" ? "ascending" : "descending"}`}>
        <TableHead>
          <HeaderCell className="w-10">
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
          </HeaderCell>
          <SortHeaderCell direction={order} onSort={onToggleOrder} hint="Activate to reverse the order.">
            Step
          </SortHeaderCell>
          {metrics.map((m) => (
            <HeaderCell key={m} className="font-mono">
              {m}
            </HeaderCell>
          ))}
          <HeaderCell>Address</HeaderCell>
        </TableHead>
        <tbody>
          {checkpoints.map((checkpoint) => {
            const isBest = checkpoint.step === bestStep;
            return (
              <BodyRow key={checkpoint.id} className={cn(isBest && "bg-amber-50/70 dark:bg-amber-400/5")}>
                <Cell>
                  <input
                    type="checkbox"
                    aria-label={`Select step ${checkpoint.step}`}
                    checked={selected.has(checkpoint.step)}
                    onChange={(event) => onSelect([checkpoint.step], event.target.checked)}
                    className="accent-[var(--ui-accent)]"
                  />
                </Cell>
                <RowHeaderCell className="font-medium whitespace-nowrap text-fg tabular-nums">
                  {checkpoint.step}
                  {isBest ? (
                    <span className="ml-2 inline-flex items-center gap-0.5 rounded-full bg-amber-100 px-1.5 py-px text-[11px] font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                      <StarIcon size={11} />
                      Best
                    </span>
                  ) : null}
                </RowHeaderCell>
                {metrics.map((m) => (
                  <Cell key={m} className="text-xs text-fg tabular-nums">
                    {formatMetric(checkpoint.metrics[m])}
                  </Cell>
                ))}
                <Cell>
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
