import { useEffect, useState } from "react";
import type { Selection } from "./trajectories/build-groups";
import { measureRequest } from "./trajectories/request-size";

/** What the job's request for this selection will weigh, measured in steps after it is built; null until then. */
export function useRequestSize(selection: Selection | null): number | null {
  const [measured, setMeasured] = useState<{ selection: Selection; bytes: number } | null>(null);
  useEffect(() => {
    if (!selection) return;
    const controller = new AbortController();
    measureRequest(selection.groups, controller.signal).then(
      (bytes) => {
        if (!controller.signal.aborted) setMeasured({ selection, bytes });
      },
      // Aborted: a newer selection is being measured.
      () => undefined,
    );
    return () => controller.abort();
  }, [selection]);
  return selection && measured?.selection === selection ? measured.bytes : null;
}
