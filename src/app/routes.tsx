import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { ApiClients } from "@/api/clients";
import { inferenceQueries } from "@/api/queries/inference";
import { queueSearchIn } from "@/features/queues/queue-list/queue-list-request";
import { workingAnnotationProject } from "./first-page-request";
import { NAV_ICONS, type NavIcon } from "./nav-icons";
import { loadPage, PAGES, type PageEntry } from "./pages";

export type { NavIcon } from "./nav-icons";

/**
 * A page as the router, the sidebar and the overview use it: its entry in pages.ts (the one route
 * table) with what only the app, not boot.ts, may hold: the icon itself and the query that puts the
 * page's first data into the cache.
 */
export type AppRoute = Pick<PageEntry, "path" | "title" | "requiresKey" | "wide" | "summary"> & {
  /** The page's component, its clients' code loaded beside it. */
  load: () => Promise<ComponentType>;
  /**
   * Asks for the data the page shows first, so that on a cold load the request runs beside the
   * page's code instead of after the page has loaded and rendered (main.tsx). Same query options
   * as the page's own, so the page finds the answer in the cache.
   */
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
  nav?: { label: string; icon: NavIcon; placement?: "main" | "bottom" };
};

/**
 * What a page's prefetch reads: the clients and cache, the address's parameters (query and path)
 * with Settings' project.
 */
export type PrefetchContext = {
  clients: ApiClients;
  queryClient: QueryClient;
  params: URLSearchParams;
  path: Readonly<Record<string, string | undefined>>;
  annotationProject: string;
};

/**
 * The cache side of a page's first request (`firstRequest` in pages.ts, sent by boot.ts): the
 * query needs the contract's schemas, which boot must not wait for, so it is kept here, by path.
 */
const PREFETCH: Readonly<Record<string, AppRoute["prefetch"]>> = {
  "/models": ({ clients, queryClient }) => queryClient.prefetchQuery(inferenceQueries.models(clients.inference)),
  // The page's own file (on its way already: boot.ts asked for it) holds the queries, with the
  // annotation queue service's schemas, which the app's first file must not carry.
  "/queues": ({ clients, queryClient, params, annotationProject }) => {
    const project = workingAnnotationProject(params, annotationProject);
    if (!project) return Promise.resolve();
    return import("@/features/queues/queue-list/queue-list-page").then((page) =>
      page.prefetchQueueList(clients.trace, queryClient, project, queueSearchIn(params)),
    );
  },
  "/queues/:queueId": ({ clients, queryClient, params, path, annotationProject }) => {
    const project = workingAnnotationProject(params, annotationProject);
    if (!project || !path.queueId) return Promise.resolve();
    const queueId = path.queueId;
    return import("@/features/queues/queue-items/queue-items-page").then((page) =>
      page.prefetchQueueItems(clients.trace, queryClient, project, queueId, params),
    );
  },
  "/queues/:queueId/items/:itemId": ({ clients, queryClient, params, path, annotationProject }) => {
    const project = workingAnnotationProject(params, annotationProject);
    const { queueId, itemId } = path;
    if (!project || !queueId || !itemId) return Promise.resolve();
    return import("@/features/queues/queue-review/queue-review-page").then((page) =>
      page.prefetchReview(clients.trace, queryClient, project, queueId, itemId),
    );
  },
  // The job; its first page of events is taken by the page's event reader on its first read (use-job-event-stream.ts).
  "/training/jobs/:jobId": ({ clients, queryClient, path }) => {
    const jobId = path.jobId;
    if (!jobId) return Promise.resolve();
    return import("@/features/training/job-page/job-page").then((page) =>
      page.prefetchJob(clients.training, queryClient, jobId),
    );
  },
  "/calls": ({ clients, queryClient, params, annotationProject }) => {
    const project = workingAnnotationProject(params, annotationProject);
    if (!project) return Promise.resolve();
    return import("@/features/calls/calls-page").then((page) =>
      page.prefetchCallsPage(clients.trace, queryClient, project, params),
    );
  },
};

function toRoute(page: PageEntry): AppRoute {
  const { path, title, requiresKey, wide, summary, nav } = page;
  return {
    path,
    title,
    requiresKey,
    wide,
    summary,
    load: () => loadPage(page),
    prefetch: PREFETCH[path],
    nav: nav && { ...nav, icon: NAV_ICONS[nav.icon] },
  };
}

/** Every page of the dashboard, in navigation order (pages.ts). */
export const APP_ROUTES: readonly AppRoute[] = PAGES.map(toRoute);

export const APP_NAME = "W&B Ops Dashboard";
