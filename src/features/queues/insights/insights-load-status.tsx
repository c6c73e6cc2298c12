import { Button } from "@/components/button";
import { formatCount } from "@/lib/number-format";
import type { InsightsProgress } from "./load-insights";

/**
 * How far the read has got ("Read 4,000 of 10,000 items"), with Cancel. The count is a live
 * region, announced politely as pages arrive; the bar is a native <progress>.
 */
export function InsightsLoadStatus({
  progress,
  total,
  onCancel,
  updating,
}: {
  progress: InsightsProgress | null;
  total: number | null;
  onCancel: () => void;
  updating: boolean;
}) {
  const items = progress?.items ?? 0;
  const known = total !== null && total > 0;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm">
      <progress
        aria-label="Items read"
        value={known ? Math.min(items, total) : undefined}
        max={known ? total : undefined}
        className="h-2 w-40 accent-indigo-600"
      />
      <output aria-live="polite" className="text-fg tabular-nums">
        {updating ? "Updating: " : ""}Read {formatCount(items)}
        {known ? ` of ${formatCount(total)}` : ""} items
        {progress && progress.answeredCalls > 0 ? `, answers on ${formatCount(progress.answeredCalls)} calls` : ""}
        {progress === null ? "…" : ""}
      </output>
      <Button size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
