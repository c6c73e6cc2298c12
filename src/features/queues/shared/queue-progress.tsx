import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/format";

/**
 * "4,512 / 10,000 done" with a bar. Done = completed or skipped by some annotator (the service's
 * `completed_items`). A native <progress> carries the value for assistive tech.
 */
export function QueueProgress({ done, total, label, className }: { done: number; total: number; label: string; className?: string }) {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const percent = Math.round(share * 100);
  return (
    <div className={cn("flex min-w-40 items-center gap-2", className)}>
      <progress aria-label={label} value={done} max={Math.max(total, 1)} className="sr-only" />
      <div aria-hidden="true" className="h-1.5 w-24 shrink-0 overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset">
        <div className="h-full rounded-full bg-emerald-600 dark:bg-emerald-500" style={{ width: `${share * 100}%` }} />
      </div>
      {total === 0 ? (
        <span className="text-xs whitespace-nowrap text-fg-muted">No items yet</span>
      ) : (
        <span className="text-xs whitespace-nowrap text-fg-muted tabular-nums">
          <span className="font-medium text-fg">{formatCount(done)}</span> / {formatCount(total)} done <span className="ml-0.5">({percent}%)</span>
        </span>
      )}
    </div>
  );
}
