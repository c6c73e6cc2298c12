import { useId } from "react";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/number-format";

/**
 * What "done" counts: the service's `completed_items`, items for which at least one annotator
 * recorded completed or skipped, still counted when another has started them again since
 * (server/trace/queues.ts, as the real trace server counts).
 */
export const DONE_MEANING =
  "Done counts items someone completed or skipped, including ones another annotator has started again since.";

/**
 * "4,512 / 10,000 done" with a bar, and what done counts (DONE_MEANING) as its description and
 * tooltip. A native <progress> carries the value for assistive tech.
 */
export function QueueProgress({
  done,
  total,
  label,
  className,
}: {
  done: number;
  total: number;
  label: string;
  className?: string;
}) {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const percent = Math.round(share * 100);
  const meaningId = useId();
  return (
    <div className={cn("flex min-w-40 items-center gap-2", className)} title={DONE_MEANING}>
      <progress
        aria-label={label}
        aria-describedby={meaningId}
        value={done}
        max={Math.max(total, 1)}
        className="sr-only"
      />
      <span id={meaningId} hidden>
        {DONE_MEANING}
      </span>
      <div
        aria-hidden="true"
        className="h-1.5 w-24 shrink-0 overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset"
      >
        <div className="h-full rounded-full bg-emerald-600 dark:bg-emerald-500" style={{ width: `${share * 100}%` }} />
      </div>
      {total === 0 ? (
        <span className="text-xs whitespace-nowrap text-fg-muted">No items yet</span>
      ) : (
        <span className="text-xs whitespace-nowrap text-fg-muted tabular-nums">
          <span className="font-medium text-fg">{formatCount(done)}</span> / {formatCount(total)} done{" "}
          <span className="ml-0.5">({percent}%)</span>
        </span>
      )}
    </div>
  );
}
