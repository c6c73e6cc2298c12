import { useSyncExternalStore } from "react";
import type { StepRange, ZoomSync } from "./zoom-sync";

/** The shared zoom, for the Reset zoom control and its note. */
export function useZoomRange(sync: ZoomSync): StepRange | null {
  return useSyncExternalStore(
    (notify) => sync.subscribe(() => notify()),
    () => sync.range,
  );
}
