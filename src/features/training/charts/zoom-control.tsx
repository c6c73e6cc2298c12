import { Button } from "@/components/button";
import { formatCount } from "@/lib/number-format";
import { useZoomRange } from "./use-zoom-range";
import type { ZoomSync } from "./zoom-sync";

/**
 * Says which steps the charts show and resets them all to every step. Always a live button (a
 * button that appeared only when zoomed would vanish under the keyboard's focus once pressed).
 * `disabled` while there is nothing to zoom: shown anyway, so the row keeps its size when charts arrive.
 */
export function ZoomControl({ sync, axis, disabled = false }: { sync: ZoomSync; axis: string; disabled?: boolean }) {
  const range = useZoomRange(sync);
  return (
    <div className="flex items-center gap-2">
      <span className="text-xs text-fg-muted tabular-nums" aria-live="polite">
        {range ? `${axis} ${formatCount(Math.ceil(range.min))}–${formatCount(Math.floor(range.max))}` : "All steps"}
      </span>
      <Button size="sm" variant="secondary" disabled={disabled} onClick={() => sync.set(null)}>
        Reset zoom
      </Button>
    </div>
  );
}
