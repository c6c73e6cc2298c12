import { Link } from "react-router-dom";
import { buttonClasses } from "@/components/button";
import { STICKY_BACKGROUND, STICKY_TICK_COLUMN } from "@/components/table";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { countOf } from "@/lib/number-format";
import { COMPARE_MAX, COMPARE_MIN } from "../compare/compare-param";

/** The tick box column's header, named for screen readers. */
export const COMPARE_HEADER = (
  <th scope="col" className={cn(STICKY_TICK_COLUMN, STICKY_BACKGROUND.header, "py-2")}>
    <span className="sr-only">Compare</span>
  </th>
);

/** A row's "compare this job" checkbox, kept in view on a phone with the job's id; at the limit, the unticked ones are disabled. */
export function CompareCheckboxCell({
  jobId,
  selected,
  onToggle,
}: {
  jobId: string;
  selected: readonly string[];
  onToggle: (jobId: string) => void;
}) {
  const checked = selected.includes(jobId);
  const full = !checked && selected.length >= COMPARE_MAX;
  return (
    <td className={cn(STICKY_TICK_COLUMN, STICKY_BACKGROUND.cell, "py-2.5 align-top")}>
      <input
        type="checkbox"
        checked={checked}
        disabled={full}
        onChange={() => onToggle(jobId)}
        aria-label={`Compare job ${jobId}`}
        title={full ? `A comparison shows up to ${COMPARE_MAX} jobs` : undefined}
        className="mt-0.5 h-4 w-4 cursor-pointer accent-[var(--ui-accent)] disabled:cursor-not-allowed"
      />
    </td>
  );
}

/** How many jobs are ticked and the way to compare them (two to eight). */
export function CompareBar({ selected, onClear }: { selected: readonly string[]; onClear: () => void }) {
  const ready = selected.length >= COMPARE_MIN && selected.length <= COMPARE_MAX;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="compare-bar">
      <span className="text-fg-muted" aria-live="polite">
        {selected.length === 0
          ? `Tick ${COMPARE_MIN} to ${COMPARE_MAX} jobs to compare their runs.`
          : `${countOf(selected.length, "job")} ticked${ready ? "" : `: tick ${COMPARE_MIN - selected.length} more to compare`}.`}
      </span>
      {ready ? (
        <Link to={paths.trainingCompare(selected)} className={buttonClasses("primary", "sm")}>
          Compare {selected.length} jobs
        </Link>
      ) : null}
      {selected.length > 0 ? (
        <button type="button" onClick={onClear} className="text-xs text-link hover:underline">
          Clear
        </button>
      ) : null}
    </div>
  );
}
