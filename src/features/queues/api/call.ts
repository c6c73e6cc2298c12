import { queryOptions } from "@tanstack/react-query";
import type { CallReadRequest } from "@contract/trace";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";

/** The call an item points to (the review shows it, the items table prefetches it): key and query options. */
export const callKeys = {
  detail: (scope: ClientScope, projectId: string, callId: string) =>
    [...traceKeys.calls(scope), "detail", projectId, callId] as const,
};

export const callQueries = {
  /**
   * The call of an item, or null: the service answers `{call: null}` for an id it does not have
   * (upstream does; the local service too), and the review page says the call is gone.
   */
  call: (client: TraceClient, req: CallReadRequest) =>
    queryOptions({
      queryKey: callKeys.detail(client.scope, req.project_id, req.id),
      queryFn: ({ signal }) => client.readCall(req, { signal }),
      // A call's values may be nested thousands of levels deep: structural sharing compares old and
      // new data recursively and would overflow the stack on a refetch (the view handles a new object).
      structuralSharing: false,
      // A recorded call rarely changes (a running one ends): a minute saves a read of every
      // prefetched call again when its item is opened.
      staleTime: 60_000,
    }),
};
