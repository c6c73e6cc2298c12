import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import { useApiClients } from "@/settings/api-clients";
import { cachedItems } from "../shared/cached-lists";

/**
 * The operation names of every row of this queue read so far (the cached reads), sorted: the
 * Operation filter offers them, as it matches exact names only. Worked out again when the page on
 * screen changes.
 */
export function useKnownOps(queueId: string, items: readonly AnnotationQueueItem[]): readonly string[] {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const ops = new Set(items.map((i) => i.call_op_name));
    for (const item of cachedItems(queryClient, trace.scope, queueId)) if (typeof item?.call_op_name === "string") ops.add(item.call_op_name);
    return [...ops].sort();
  }, [items, queryClient, trace.scope, queueId]);
}
