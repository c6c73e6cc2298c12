import { basicAuth, bearerAuth } from "@/api/auth";
import type { ConnectionSettings } from "@/api/connection";
import { preloadResponse } from "@/api/preloaded-responses";
import { buildUrl, segment, usableBaseUrl } from "@/api/url";
import { INFERENCE_PROJECT_HEADER } from "@contract/headers";
import { browserStorage } from "@/lib/browser-storage";
import { loadRuntimeConfigOnce } from "@/connection/runtime-config";
import { resolveDefaultUrls } from "@/connection/settings-defaults";
import { readSettingsState } from "@/connection/settings-store";
import { queueListRequest, queueSearchIn } from "@/features/queues/queue-list/queue-list-request";
import {
  CALLS_URL_CODEC,
  toCallsPageRequest,
  toCallsPreviewsRequest,
  toCallsStatsRequest,
} from "@/features/calls/calls-url-state";
import { ITEMS_URL_CODEC, toItemsPageRequest } from "@/features/queues/shared/items-url-state";
import { PROJECT_PARAM } from "@/lib/paths";
import { EVENT_PAGE_LIMIT } from "@/features/training/events/event-page-size";
import { trainingJobPath } from "@/api/training-paths";
import { pathParamsOf } from "./path-pattern";

/**
 * A GET, or a POST of `body` (JSON text): the trace service's queries are POSTs. `next`: a read
 * the page makes from this one's answer (parsed JSON, unchecked), sent as soon as it is in.
 */
type FirstRequest = {
  url: string;
  headers: Headers;
  body?: string;
  next?: (answer: unknown) => FirstRequest | undefined;
};

/**
 * The request a page's data starts with, as its API client sends it (address and headers), for
 * a page's `firstRequest` in pages.ts. Written out here rather than taken from the clients because
 * those need the contract's schemas, and the script that uses this (boot.ts) must not wait for
 * them. Should the clients' request change and this not follow, the page still works: the client
 * adopts only an identical request (preloaded-responses.ts), and first-page-request.test.ts fails.
 */
export type FirstRequestOf = (
  connection: ConnectionSettings,
  params: URLSearchParams,
  /** The page's path parameters (`:queueId`), decoded as the router gives them to the page. */
  path: Readonly<Record<string, string>>,
) => FirstRequest | readonly FirstRequest[] | undefined;

/** The catalog's model list, as the inference client asks for it (its project header when one is set). */
export const inferenceModelsRequest: FirstRequestOf = (connection) => {
  // No usable address: jsonRead gives none, as the client sends nothing (and the key goes nowhere).
  const project = connection.inferenceProject.trim();
  const projectHeader: Record<string, string> = project ? { [INFERENCE_PROJECT_HEADER]: project } : {};
  return jsonRead(
    connection.inferenceBaseUrl,
    { ...projectHeader, ...bearerAuth(connection.apiKey.trim()) },
    "/models",
  );
};

/**
 * The annotation project a queue page at an address with these `params` works in, or "" for none:
 * the one chosen in Settings, unless the address names another (then the page asks which, and reads
 * nothing yet). As features/queues' `pageProject`, without its check of the named project's form.
 */
export function workingAnnotationProject(params: URLSearchParams, chosen: string): string {
  const linked = (params.get(PROJECT_PARAM) ?? "").trim();
  const project = chosen.trim();
  return linked === "" || linked === project ? project : "";
}

/** The Accept header of the trace client's NDJSON reads (http.ts `ndjson`); its JSON reads send "application/json". */
const NDJSON_ACCEPT = "application/x-ndjson, application/jsonl, application/json";

/** As the trace client's http.ts sends a query: its Accept, the key, a JSON body. */
function traceQuery(
  connection: ConnectionSettings,
  path: string,
  body: unknown,
  accept = NDJSON_ACCEPT,
): FirstRequest | undefined {
  const base = usableBaseUrl(connection.traceBaseUrl);
  if (!base) return undefined;
  const headers = new Headers({
    Accept: accept,
    ...basicAuth(connection.apiKey.trim()),
    "Content-Type": "application/json",
  });
  return { url: buildUrl(base, path), headers, body: JSON.stringify(body) };
}

/**
 * A GET as the clients' http.ts sends it: a JSON Accept and the key in the service's own header form (the trace
 * service takes HTTP Basic, the training and inference services a Bearer token), no body. None without a usable
 * address.
 */
function jsonRead(
  baseUrl: string,
  authHeaders: Record<string, string>,
  path: string,
  query?: Record<string, string | number>,
): FirstRequest | undefined {
  const base = usableBaseUrl(baseUrl);
  if (!base) return undefined;
  const headers = new Headers({ Accept: "application/json", ...authHeaders });
  return { url: buildUrl(base, path, query), headers };
}

/** As the trace client sends a GET. */
const traceRead = (connection: ConnectionSettings, path: string, query: Record<string, string>) =>
  jsonRead(connection.traceBaseUrl, basicAuth(connection.apiKey.trim()), path, query);

/** The queue list's queues (the project's, the address's name search), as useQueueList asks. */
export const queueListFirstRequest: FirstRequestOf = (connection, params) => {
  const project = workingAnnotationProject(params, connection.annotationProject);
  if (!project) return undefined;
  return traceQuery(connection, "/annotation_queues/query", queueListRequest(project, queueSearchIn(params)));
};

/**
 * The Calls page's first page of calls, their count and the project's ops, for the address's view,
 * as useCallsPage asks (the rows first: the service answers in turn); then their inputs and outputs.
 */
export const callsFirstRequests: FirstRequestOf = (connection, params) => {
  const project = workingAnnotationProject(params, connection.annotationProject);
  if (!project) return undefined;
  const view = CALLS_URL_CODEC.read(params, []);
  const ops = traceQuery(connection, "/objs/query", opsQueryBody(project), "application/json");
  // The previews wait for the ops' answer, the last read the first render waits for: a page's
  // inputs and outputs can be megabytes (5.7 MB on the demo project), and sent beside the others
  // they held the service's answers to those reads (and, locally, the page's own code) back by
  // hundreds of milliseconds. The page asks for them only once its rows are painted anyway.
  const previews = () => traceQuery(connection, "/calls/stream_query", toCallsPreviewsRequest(project, view));
  return [
    traceQuery(connection, "/calls/stream_query", toCallsPageRequest(project, view)),
    traceQuery(connection, "/calls/query_stats", toCallsStatsRequest(project, view), "application/json"),
    // The op column names each call's op by the project's ops (op-catalog.ts). Left to the page, the
    // read would start only after its first render, and every row would render again when it came.
    ops && { ...ops, next: previews },
  ].filter((request) => request !== undefined);
};

/**
 * The trace client's `queryOps` body (api/trace-calls.ts), key for key: the client takes boot's
 * answer only for the identical request. 1000 is LIMITS.objectPage, not imported: contract/limits.ts
 * builds zod schemas, which boot.ts must not load (first-page-request.test.ts checks the two agree).
 */
const opsQueryBody = (project: string) => ({
  project_id: project,
  filter: { is_op: true },
  metadata_only: true,
  limit: 1000,
  sort_by: [{ field: "object_id", direction: "asc" }],
});

/**
 * The items table's queue, its first page of items for the address's view, and the queue's
 * totals, as the page asks (`useQueue`, `useItemsPage`, `useQueueTotals`): the queue and the rows
 * first, the header and the table wait for both.
 */
export const queueItemsFirstRequests: FirstRequestOf = (connection, params, path) => {
  const project = workingAnnotationProject(params, connection.annotationProject);
  const queueId = path.queueId ?? "";
  if (!project || !queueId) return undefined;
  const view = ITEMS_URL_CODEC.read(params, []);
  const queuePath = `/annotation_queues/${segment(queueId)}`;
  return [
    traceRead(connection, queuePath, { project_id: project }),
    traceQuery(connection, `${queuePath}/items/query`, toItemsPageRequest(project, view), "application/json"),
    traceQuery(
      connection,
      "/annotation_queues/stats",
      { project_id: project, queue_ids: [queueId] },
      "application/json",
    ),
  ].filter((request) => request !== undefined);
};

/** Longest call id the review's chained read sends (the service's ids are far shorter). */
const MAX_CALL_ID_CHARS = 512;

/** The call id of the one item in an items query's answer, if that is what it holds. */
function callIdOfOnlyItem(answer: unknown): string | undefined {
  const items = (answer as { items?: unknown } | null)?.items;
  if (!Array.isArray(items) || items.length !== 1) return undefined;
  const callId = (items[0] as { call_id?: unknown } | null)?.call_id;
  return typeof callId === "string" && callId !== "" && callId.length <= MAX_CALL_ID_CHARS ? callId : undefined;
}

/**
 * The review's queue and item (read as an items query filtered by its id, as useReviewItem asks),
 * then, from the item's answer, its call (useCall): the content the page is opened for.
 */
export const reviewFirstRequests: FirstRequestOf = (connection, params, path) => {
  const project = workingAnnotationProject(params, connection.annotationProject);
  const queueId = path.queueId ?? "";
  const itemId = path.itemId ?? "";
  if (!project || !queueId || !itemId) return undefined;
  const queuePath = `/annotation_queues/${segment(queueId)}`;
  const item = traceQuery(
    connection,
    `${queuePath}/items/query`,
    { project_id: project, filter: { id: itemId }, limit: 1 },
    "application/json",
  );
  const call = (answer: unknown) => {
    const callId = callIdOfOnlyItem(answer);
    return callId === undefined
      ? undefined
      : traceQuery(connection, "/call/read", { project_id: project, id: callId }, "application/json");
  };
  return [traceRead(connection, queuePath, { project_id: project }), item && { ...item, next: call }].filter(
    (request) => request !== undefined,
  );
};

/** As the training client sends a GET (api/training.ts). */
const trainingRead = (connection: ConnectionSettings, path: string, query?: Record<string, number>) =>
  jsonRead(connection.trainingBaseUrl, bearerAuth(connection.apiKey.trim()), path, query);

/**
 * The job page's first page of events, then the job (useJobEventStream's first read, useTrainingJob): the charts
 * are drawn from the events, which the page would otherwise ask for only once its code, and the training client's,
 * had arrived and run.
 */
export const jobPageFirstRequests: FirstRequestOf = (connection, _params, path) => {
  const jobId = path.jobId ?? "";
  if (!jobId) return undefined;
  const jobPath = trainingJobPath(jobId);
  return [
    trainingRead(connection, `${jobPath}/events`, { limit: EVENT_PAGE_LIMIT }),
    trainingRead(connection, jobPath),
  ].filter((request) => request !== undefined);
};

/** Sends `request`, and the read that follows from its answer when it has one. */
function preload(request: FirstRequest): void {
  const response = preloadResponse(request.url, request.headers, request.body);
  const next = request.next;
  if (!next) return;
  response
    .then((answer) => (answer.ok ? answer.clone().json() : undefined))
    .then((answer: unknown) => {
      const follow = answer === undefined ? undefined : next(answer);
      if (follow) preload(follow);
    })
    // A failed or unreadable answer: the page reads and reports it itself.
    .catch(() => undefined);
}

/**
 * Starts the data request of the page at the address (its entry in pages.ts) as soon as the
 * deployment config is in, before the app's code (React, the shell, the API clients) has arrived
 * and run: that code takes long enough to run that a request waiting for it would reach the first
 * row noticeably later. Only with a key: every page with a first request needs one.
 */
export function preloadFirstPageRequest(
  page: { path: string; firstRequest?: FirstRequestOf } | undefined,
): Promise<void> {
  const firstRequest = page?.firstRequest;
  if (!page || !firstRequest) return Promise.resolve();
  // An address whose parameters cannot be decoded gives none: a page that needs one sends nothing.
  const path = pathParamsOf(page.path, window.location.pathname) ?? {};
  // boot-sequence.ts runs the app only once this has settled, so the request is on its way (and
  // preloaded-responses.ts holds it) when main.tsx's prefetch asks.
  return loadRuntimeConfigOnce().then((read) => {
    // With the config's status: a key stored without addresses is not sent when it failed.
    const { connection } = readSettingsState(
      browserStorage(),
      resolveDefaultUrls(read.config, import.meta.env, window.location.origin),
      read.status,
    );
    if (!connection.apiKey.trim()) return;
    try {
      const requests = firstRequest(connection, new URLSearchParams(window.location.search), path) ?? [];
      for (const request of Array.isArray(requests) ? requests : [requests]) preload(request);
    } catch {
      // An address or header value the browser refuses: the client reports it when it asks.
    }
  });
}
