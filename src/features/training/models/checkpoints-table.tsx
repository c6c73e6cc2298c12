import type { Checkpoint } from "../../../../contract/training";
import { SortIcon, StarIcon } from "../../../components/icons";
import { cn } from "../../../lib/cn";
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
  // `relative`: screen-reader-only text (absolutely placed) stays inside the scroll box.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Checkpoints, ordered by step {order === "asc" ? "ascending" : "descending"}</caption>
        <thead className="border-b border-line bg-subtle/60 text-xs text-fg-muted">
          <tr>
            <th scope="col" className="w-10 py-2 pl-4">
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
            <th scope="col" aria-sort={order === "asc" ? "ascending" : "descending"} className="px-3 py-2 font-medium">
              <button type="button" onClick={onToggleOrder} className="inline-flex items-center gap-1 hover:text-fg">
                Step
                <SortIcon size={12} direction={order} />
                <span className="sr-only">, sorted {order === "asc" ? "ascending" : "descending"}; activate to reverse</span>
              </button>
            </th>
            {metrics.map((m) => (
              <th key={m} scope="col" className="px-3 py-2 font-mono font-medium whitespace-nowrap">
                {m}
              </th>
            ))}
            <th scope="col" className="py-2 pr-4 pl-3 font-medium">
              Address
            </th>
          </tr>
        </thead>
        <tbody>
          {checkpoints.map((checkpoint) => {
            const isBest = checkpoint.step === bestStep;
            return (
              <tr key={checkpoint.id} className={cn("border-b border-line last:border-0", isBest ? "bg-amber-50/70 dark:bg-amber-400/5" : "hover:bg-subtle/60")}>
                <td className="py-2 pl-4">
                  <input
                    type="checkbox"
                    aria-label={`Select step ${checkpoint.step}`}
                    checked={selected.has(checkpoint.step)}
                    onChange={(event) => onSelect([checkpoint.step], event.target.checked)}
                    className="accent-[var(--ui-accent)]"
                  />
                </td>
                <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-fg tabular-nums">
                  {checkpoint.step}
                  {isBest ? (
                    <span className="ml-2 inline-flex items-center gap-0.5 rounded-full bg-amber-100 px-1.5 py-px text-[11px] font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                      <StarIcon size={11} />
                      Best
                    </span>
                  ) : null}
                </th>
                {metrics.map((m) => (
                  <td key={m} className="px-3 py-2 text-xs text-fg tabular-nums">
                    {formatMetric(checkpoint.metrics[m])}
                  </td>
                ))}
                <td className="py-1.5 pr-4 pl-3">
                  <CheckpointActions path={path} step={checkpoint.step} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
