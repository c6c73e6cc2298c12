import { useQueryClient } from "@tanstack/react-query";
import { useEffect, type RefObject } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import { useApiClients } from "@/connection/api-clients";
import { callQueries } from "../api/call";

/** How long a row keeps the focus before its call is read: j held down passes rows without reading each. */
const FOCUS_DWELL_MS = 150;

/**
 * Reads the call of the row that has the focus (j/k, Tab, a click), so Enter opens a review whose
 * call is already here. The review reads the item's row from the table's page the same way.
 */
export function usePrefetchFocusedCall(
  region: RefObject<HTMLElement | null>,
  projectId: string,
  rows: () => readonly AnnotationQueueItem[],
) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  useEffect(() => {
    // On the document, not the region: the region is not there yet while the queue's name loads,
    // and an effect that looked for it then would never run again.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocusIn = (event: FocusEvent) => {
      clearTimeout(timer);
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !region.current?.contains(target)) return;
      const row = target.closest<HTMLElement>("tr[data-item-row]");
      const item = row ? rows()[Number(row.dataset.itemRow)] : undefined;
      if (!item || item.id !== row?.dataset.itemId) return;
      timer = setTimeout(
        () => void queryClient.prefetchQuery(callQueries.call(trace, { project_id: projectId, id: item.call_id })),
        FOCUS_DWELL_MS,
      );
    };
    document.addEventListener("focusin", onFocusIn);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [region, projectId, rows, queryClient, trace]);
}
