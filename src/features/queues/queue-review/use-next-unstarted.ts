import { useCallback, useRef, useState } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import { useApiClients } from "@/settings/api-clients";
import { firstAfter } from "./list-window";
import { listRows, type ListView } from "./use-review-queries";

export type NextUnstartedStatus = { phase: "idle" } | { phase: "searching" } | { phase: "none" } | { phase: "failed"; error: unknown };

/**
 * "Next unstarted": the first unstarted item after this one in the table's order and filters (its
 * State filter set aside), wrapping to the start of the list when none comes later.
 */
export function useNextUnstarted(projectId: string, queueId: string, view: ListView) {
  const { trace } = useApiClients();
  const [status, setStatus] = useState<NextUnstartedStatus>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);

  const find = useCallback(
    async (current: AnnotationQueueItem): Promise<{ item: AnnotationQueueItem; wrapped: boolean } | null> => {
      running.current?.abort();
      const abort = new AbortController();
      running.current = abort;
      setStatus({ phase: "searching" });
      try {
        const fetchRows = listRows(trace, projectId, queueId, { ...view, states: ["unstarted"] }, abort.signal);
        const found = await firstAfter(fetchRows, current, view.sort);
        if (abort.signal.aborted) return null;
        setStatus(found ? { phase: "idle" } : { phase: "none" });
        return found;
      } catch (error) {
        if (!abort.signal.aborted) setStatus({ phase: "failed", error });
        return null;
      }
    },
    [trace, projectId, queueId, view],
  );
  const reset = useCallback(() => setStatus({ phase: "idle" }), []);
  return { status, find, reset };
}
