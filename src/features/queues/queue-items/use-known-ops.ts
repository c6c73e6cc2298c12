import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { AnnotationQueueItem } from "../../../../contract/trace";
import { traceKeys } from "../../../api/query-keys";
import { useApiClients } from "../../../settings/api-clients";

/**
 * The operation names of every page of this queue read so far (the cached ones), sorted: the
 * Operation filter offers them, as it matches exact names only. Worked out again when the page on
 * screen changes.
 */
export function useKnownOps(queueId: string, items: readonly AnnotationQueueItem[]): readonly string[] {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const ops = new Set(items.map((i) => i.call_op_name));
    for (const [, data] of queryClient.getQueriesData<{ items?: unknown }>({ queryKey: traceKeys.itemPages(trace.scope, queueId) })) {
      if (!Array.isArray(data?.items)) continue;
      for (const item of data.items as AnnotationQueueItem[]) if (typeof item?.call_op_name === "string") ops.add(item.call_op_name);
    }
    return [...ops].sort();
  }, [items, queryClient, trace.scope, queueId]);
}
