import { useId } from "react";
import { cn } from "@/lib/cn";
import { useNow } from "@/lib/use-now";
import { formatExactTime, formatTimeAgo, parseTimestamp } from "@/lib/relative-time";

/**
 * "5 minutes ago" (never a future time: see formatTimeAgo) in a <time> element with a machine-readable dateTime. The exact time shows
 * on hover (title) and on keyboard focus (a tooltip tied with aria-describedby).
 */
export function RelativeTime({ value, className }: { value: string | number | Date; className?: string }) {
  const now = useNow(30_000);
  const tooltipId = useId();
  const date = parseTimestamp(value);
  if (!date) return <span className={className}>{String(value)}</span>;
  const exact = formatExactTime(date);
  return (
    <span className="group relative inline-block">
      {/* Focusable so keyboard users can reach the exact time that mouse users get on hover. */}
      <time
        dateTime={date.toISOString()}
        title={exact}
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-describedby={tooltipId}
        className={cn("rounded-sm", className)}
      >
        {formatTimeAgo(date, now)}
      </time>
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none absolute top-full left-0 z-20 mt-1 hidden rounded-md border border-line bg-surface px-2 py-1 text-xs whitespace-nowrap text-fg shadow-md group-has-[:focus-visible]:block"
      >
        {exact}
      </span>
    </span>
  );
}
