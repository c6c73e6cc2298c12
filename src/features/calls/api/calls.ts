import { queryOptions } from "@tanstack/react-query";
import type { CallsQueryRequest, CallsQueryStatsRequest } from "@contract/trace-calls";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";

/** The Calls page's reads (pages of calls, how many match): key family and query options. */
export const callsKeys = {
  pages: (scope: ClientScope) => [...traceKeys.calls(scope), "list"] as const,
  page: (scope: ClientScope, req: CallsQueryRequest) => [...callsKeys.pages(scope), req] as const,
  count: (scope: ClientScope, req: CallsQueryStatsRequest) => [...traceKeys.calls(scope), "count", req] as const,
};

export const callsQueries = {
  /** One page of a project's calls. The page adds `keepPreviousData` while paging. */
  page: (client: TraceClient, req: CallsQueryRequest) =>
    queryOptions({
      queryKey: callsKeys.page(client.scope, req),
      queryFn: ({ signal }) => client.queryCalls(req, { signal }),
      // Inputs and outputs may be nested thousands of levels deep: structural sharing would
      // compare them recursively and overflow the stack on a refetch.
      structuralSharing: false,
    }),

  /** How many calls match the page's filters. */
  count: (client: TraceClient, req: CallsQueryStatsRequest) =>
    queryOptions({
      queryKey: callsKeys.count(client.scope, req),
      queryFn: ({ signal }) => client.countCalls(req, { signal }),
    }),
};
