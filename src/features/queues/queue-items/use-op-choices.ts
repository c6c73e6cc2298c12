import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { cachedItems } from "../shared/cached-lists";
import { opChoices, type OpChoice } from "../shared/op-choices";

/**
 * The project's op versions (op objects), as op ref -> version number, from the read the Calls
 * page's op picker shares. Only for labels: when the service has none or refuses, versions are
 * told apart by digest instead, so a failure is silent.
 */
function useProjectOps(projectId: string): ReadonlyMap<string, number> {
  const { trace } = useApiClients();
  const query = useQuery({ ...traceQueries.ops(trace, projectId), retry: false });
  return useMemo(
    () =>
      new Map(
        (query.data ?? []).map((op) => [`weave:///${projectId}/op/${op.object_id}:${op.digest}`, op.version_index]),
      ),
    [query.data, projectId],
  );
}

/**
 * The operations of every row of this queue read so far (the cached reads), labelled as people
 * read them: the Operation filter offers them and the table shows them. Worked out again when the
 * page on screen changes.
 */
export function useOpChoices(
  projectId: string,
  queueId: string,
  items: readonly AnnotationQueueItem[],
): readonly OpChoice[] {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const projectOps = useProjectOps(projectId);
  return useMemo(() => {
    const refs = new Set(items.map((i) => i.call_op_name));
    for (const item of cachedItems(queryClient, trace.scope, queueId))
      if (typeof item?.call_op_name === "string") refs.add(item.call_op_name);
    return opChoices(refs, projectOps);
  }, [items, queryClient, trace.scope, queueId, projectOps]);
}
