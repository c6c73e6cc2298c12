import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { Call } from "@contract/trace";
import { traceQueries } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";
import { callsQueries } from "./api/calls";
import {
  CALLS_URL_CODEC,
  toCallsPageRequest,
  toCallsPreviewsRequest,
  toCallsStatsRequest,
  type CallsView,
} from "./calls-url-state";
import { buildOpCatalog } from "./op-catalog";

const NO_CALLS: readonly Call[] = [];

/**
 * The page of calls for the view, the count of calls the filters match, and the project's ops.
 * The rows and their inputs and outputs are two reads of the same page: a call's inputs or output
 * can be megabytes, and the rows show without waiting for them (the previews fill in). The old
 * page stays on screen while the next loads, superseded requests are cancelled through the
 * query's signal, and the next page is prefetched.
 */
export function useCallsPage(projectId: string, view: CallsView) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const request = useMemo(() => toCallsPageRequest(projectId, view), [projectId, view]);
  const previewsRequest = useMemo(() => toCallsPreviewsRequest(projectId, view), [projectId, view]);
  const statsRequest = useMemo(() => toCallsStatsRequest(projectId, view), [projectId, view]);

  const page = useQuery({ ...callsQueries.page(trace, request), placeholderData: keepPreviousData });
  // Read once the first rows are painted: parsing a page of large inputs and outputs is one long
  // task, which would otherwise hold the rows' first paint back (boot.ts has the answer on its way).
  const rowsIn = page.data !== undefined;
  const [previewsWanted, setPreviewsWanted] = useState(false);
  useEffect(() => {
    if (!rowsIn || previewsWanted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPreviewsWanted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rowsIn, previewsWanted]);
  const previews = useQuery({ ...callsQueries.page(trace, previewsRequest), enabled: previewsWanted });
  const count = useQuery({ ...callsQueries.count(trace, statsRequest), placeholderData: keepPreviousData });
  const ops = useQuery(traceQueries.ops(trace, projectId));

  // While the next page loads the previous one stays on screen: its place and size, not the new ones, describe it.
  const asked = { offset: (view.page - 1) * view.pageSize, pageSize: view.pageSize };
  const [settled, setSettled] = useState(asked);
  if (page.data && !page.isPlaceholderData && (settled.offset !== asked.offset || settled.pageSize !== asked.pageSize))
    setSettled(asked);
  const shown = page.isPlaceholderData ? settled : asked;
  const rows = page.data ?? NO_CALLS;
  const calls = useMemo(
    () => withPreviews(rows.slice(0, shown.pageSize), previews.data),
    [rows, shown.pageSize, previews.data],
  );
  // The rows on screen are the previous page's while this one loads: its previews are not theirs.
  const previewsPending = page.isPlaceholderData || previews.isPending;
  const hasNext = rows.length > view.pageSize && !page.isPlaceholderData;
  const total = count.isPlaceholderData ? null : (count.data ?? null);

  useEffect(() => {
    if (!hasNext) return;
    const next = { ...view, page: view.page + 1 };
    void queryClient.prefetchQuery(callsQueries.page(trace, toCallsPageRequest(projectId, next)));
    void queryClient.prefetchQuery(callsQueries.page(trace, toCallsPreviewsRequest(projectId, next)));
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

  return { page, previews, previewsPending, count, ops, calls, hasNext, total, catalog, offset: shown.offset };
}

/** The rows with their calls' inputs and output, once read (matched by id: a row without one keeps none). */
function withPreviews(rows: readonly Call[], previews: readonly Call[] | undefined): readonly Call[] {
  if (!previews) return rows;
  const byId = new Map(previews.map((call) => [call.id, call]));
  return rows.map((row) => {
    const preview = byId.get(row.id);
    return preview ? { ...row, inputs: preview.inputs, output: preview.output } : row;
  });
}

/**
 * The page's first data into the cache before it first renders (app/routes.tsx, on a cold load):
 * useCallsPage's own queries for the address's view, so the page finds them there (the page and
 * the count adopt the requests boot.ts sent; the previews are the page's to ask for, once its rows
 * are painted). Settles either way: a failure is the page's to show.
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
