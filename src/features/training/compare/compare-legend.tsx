import { Link } from "react-router-dom";
import { isApiError } from "@/api/errors";
import { Button } from "@/components/button";
import { RefreshIcon } from "@/components/icons";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";
import { formatCount } from "@/lib/number-format";
import { JobStateBadge } from "../job-state-badge";
import type { StreamSnapshot } from "./job-stream-source";
import { seriesColor } from "./palette";

export type LegendEntry = { jobId: string; modelName: string | null; stream: StreamSnapshot | undefined };

/**
 * Which colour is which job (the charts' legend), with each job's state and any trouble reading
 * it; and, when some job has metrics logged with split `val`, what its dashed line is.
 */
export function CompareLegend({
  entries,
  validated,
  theme,
}: {
  entries: readonly LegendEntry[];
  validated: readonly string[];
  theme: "light" | "dark";
}) {
  return (
    <ul
      aria-label="Compared jobs"
      className="flex flex-wrap gap-x-5 gap-y-2 rounded-lg border border-line bg-surface px-4 py-3 text-xs"
    >
      {entries.map((entry, index) => {
        const phase = entry.stream?.phase;
        const failed = phase?.phase === "failed" ? phase.error : null;
        const summary = entry.stream?.store.summary();
        return (
          <li
            key={entry.jobId}
            className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1"
            data-testid="compare-legend-entry"
          >
            {/* A line sample in the job's colour, as drawn. */}
            <span
              aria-hidden="true"
              className="inline-block h-1 w-5 shrink-0 rounded-full"
              style={{ background: seriesColor(index, theme) }}
            />
            <Link to={paths.trainingJob(entry.jobId)} className="font-mono font-medium text-link hover:underline">
              <UntrustedText text={entry.jobId} />
            </Link>
            {entry.modelName ? (
              <span className="text-fg-muted">
                <UntrustedText text={entry.modelName} />
              </span>
            ) : null}
            {failed ? (
              <span className="flex items-center gap-1 text-red-700 dark:text-red-400">
                {isApiError(failed) && failed.kind === "not_found"
                  ? "not on this service"
                  : "could not read its events"}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={entry.stream?.retry}
                  icon={<RefreshIcon size={12} />}
                  aria-label={`Retry reading job ${entry.jobId}`}
                />
              </span>
            ) : !summary || phase?.phase === "loading" ? (
              <span className="text-fg-muted">
                reading events{summary?.eventCount ? `: ${formatCount(summary.eventCount)}` : "…"}
              </span>
            ) : (
              <>
                <JobStateBadge state={summary.state} />
                <span className="text-fg-muted tabular-nums">{formatCount(summary.stepsDone)} steps</span>
              </>
            )}
          </li>
        );
      })}
      {validated.length > 0 ? (
        <li className="flex min-w-0 items-center gap-2 text-fg-muted" data-testid="compare-validation-key">
          <span aria-hidden="true" className="inline-block w-5 shrink-0 border-t-2 border-dashed border-fg-muted" />
          <span>
            dashed, in a job's colour: its validation (logged with split <code>val</code>) of {validated.join(", ")}, at
            the job step each evaluated
          </span>
        </li>
      ) : null}
    </ul>
  );
}
