import { useEffect, useState } from "react";
import { cn } from "@/lib/cn";

/**
 * A thin indeterminate bar for background work (refetching) that should not push content around.
 * A native <progress> without a value (indeterminate) carries the semantics; the bar is drawn
 * beside it, since progress elements cannot be styled consistently across browsers.
 *
 * `delayMs`: shown only once the work has gone on that long. Where nearly every wait is short (the
 * review reads the neighbouring items again on each key press), a bar at once would flash on every
 * press and animate, frame after frame, beside the next item being drawn.
 */
export function LoadingBar({
  active,
  label = "Loading",
  className,
  delayMs = 0,
}: {
  active: boolean;
  label?: string;
  className?: string;
  delayMs?: number;
}) {
  const shown = useShownAfter(active, delayMs);
  if (!shown) return null;
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

/** `active`, but true only once it has stayed true for `delayMs` (at once when 0). */
function useShownAfter(active: boolean, delayMs: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!active || delayMs <= 0) return;
    const timer = setTimeout(() => setWaited(true), delayMs);
    return () => {
      clearTimeout(timer);
      setWaited(false);
    };
  }, [active, delayMs]);
  return active && (delayMs <= 0 || waited);
}
