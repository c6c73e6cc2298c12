import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { Call } from "@contract/trace";
import { traceQueries } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";
import { callsQueries } from "./api/calls";
import { CALLS_URL_CODEC, toCallsPageRequest, toCallsStatsRequest, type CallsView } from "./calls-url-state";
import { buildOpCatalog } from "./op-catalog";

const NO_CALLS: readonly Call[] = [];

/**
 * The page of calls for the view, the count of calls the filters match, and the project's ops.
 * The old page stays on screen while the next loads, superseded requests are cancelled through
 * the query's signal, and the next page is prefetched.
 */
export function useCallsPage(projectId: string, view: CallsView) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const request = useMemo(() => toCallsPageRequest(projectId, view), [projectId, view]);
  const statsRequest = useMemo(() => toCallsStatsRequest(projectId, view), [projectId, view]);

  const page = useQuery({ ...callsQueries.page(trace, request), placeholderData: keepPreviousData });
  const count = useQuery({ ...callsQueries.count(trace, statsRequest), placeholderData: keepPreviousData });
  const ops = useQuery(traceQueries.ops(trace, projectId));

  // While the next page loads the previous one stays on screen: its place and size, not the new ones, describe it.
  const asked = { offset: (view.page - 1) * view.pageSize, pageSize: view.pageSize };
  const [settled, setSettled] = useState(asked);
  if (page.data && !page.isPlaceholderData && (settled.offset !== asked.offset || settled.pageSize !== asked.pageSize))
    setSettled(asked);
  const shown = page.isPlaceholderData ? settled : asked;
  const rows = page.data ?? NO_CALLS;
  const calls = useMemo(() => rows.slice(0, shown.pageSize), [rows, shown.pageSize]);
  const hasNext = rows.length > view.pageSize && !page.isPlaceholderData;
  const total = count.isPlaceholderData ? null : (count.data ?? null);

  useEffect(() => {
    if (!hasNext) return;
    void queryClient.prefetchQuery(
      callsQueries.page(trace, toCallsPageRequest(projectId, { ...view, page: view.page + 1 })),
    );
  }, [hasNext, projectId, view, trace, queryClient]);

  const catalog = useMemo(
    () =>
      buildOpCatalog(
        projectId,
        ops.data ?? [],
        calls.map((c) => c.op_name),
      ),
    [projectId, ops.data, calls],
  );

  return { page, count, ops, calls, hasNext, total, catalog, offset: shown.offset };
}

/**
 * The page's first data into the cache before it first renders (app/routes.tsx, on a cold load):
 * useCallsPage's own queries for the address's view, so the page finds them there (the page and
 * the count adopt the requests boot.ts sent). Settles either way: a failure is the page's to show.
 */
export async function prefetchCallsPage(
  trace: TraceClient,
  queryClient: QueryClient,
  projectId: string,
  params: URLSearchParams,
): Promise<void> {
  const view = CALLS_URL_CODEC.read(params, []);
  await Promise.all([
    queryClient.prefetchQuery(callsQueries.page(trace, toCallsPageRequest(projectId, view))),
    queryClient.prefetchQuery(callsQueries.count(trace, toCallsStatsRequest(projectId, view))),
    queryClient.prefetchQuery(traceQueries.ops(trace, projectId)),
  ]);
}
