import { cn } from "@/lib/cn";

/**
 * A thin indeterminate bar for background work (refetching) that should not push content around.
 * A native <progress> without a value (indeterminate) carries the semantics; the bar is drawn
 * beside it, since progress elements cannot be styled consistently across browsers.
 */
export function LoadingBar({
  active,
  label = "Loading",
  className,
}: {
  active: boolean;
  label?: string;
  className?: string;
}) {
  if (!active) return null;
  return (
    <div className={cn("relative h-0.5 w-full overflow-hidden bg-subtle", className)}>
      <progress aria-label={label} className="sr-only" />
      <div
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-2/5 bg-accent [animation:loading-bar_1.2s_ease-in-out_infinite]"
      />
    </div>
  );
}
