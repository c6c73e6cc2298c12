import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { ApiClients } from "@/api/clients";
import { inferenceQueries } from "@/api/queries/inference";
import { PAGE_MODULES, type PagePath } from "./page-modules";
import { ActivityIcon, CubeIcon, HomeIcon, ListChecksIcon, ListIcon, MessageIcon, SettingsIcon, QueueIcon, TrendingUpIcon } from "@/components/icons";

export type NavIcon = ComponentType<{ size?: number; className?: string }>;

/**
 * Every page of the dashboard, in navigation order. Adding a feature = one entry here: the router
 * (router.tsx) lazy-loads `load`, guards it with RequireKey when `requiresKey`, and the sidebar
 * lists it when `nav` is set.
 */
export type AppRoute = {
  /** Absolute path, may hold params (":queueId"). */
  path: string;
  /** Document title (and what assistive tech announces on navigation). */
  title: string;
  load: () => Promise<ComponentType>;
  /**
   * Asks for the data the page shows first, so that on a cold load the request runs beside the
   * page's code instead of after the page has loaded and rendered (main.tsx). Same query options
   * as the page's own, so the page finds the answer in the cache.
   */
  prefetch?: (context: { clients: ApiClients; queryClient: QueryClient }) => Promise<unknown>;
  /** Sends the user to Settings (and back) when no API key is set. */
  requiresKey?: boolean;
  /** The page may use the whole width of the window (tables with many columns); others stay at a readable width. */
  wide?: boolean;
  nav?: { label: string; icon: NavIcon; placement?: "main" | "bottom" };
  /** One sentence for the overview page's card; pages without one get no card. */
  summary?: string;
};

type PageModule<P extends PagePath> = Awaited<ReturnType<(typeof PAGE_MODULES)[P]>>;

/** A route's path and how to load its page: the path is written once, as PAGE_MODULES' key. */
function page<P extends PagePath>(path: P, component: (module: PageModule<P>) => ComponentType): Pick<AppRoute, "path" | "load"> {
  return { path, load: () => PAGE_MODULES[path]().then((module) => component(module as PageModule<P>)) };
}

export const APP_ROUTES: readonly AppRoute[] = [
  {
    ...page("/", (m) => m.HomePage),
    title: "Overview",
    nav: { label: "Overview", icon: HomeIcon },
  },
  {
    ...page("/status", (m) => m.ServiceStatusPage),
    title: "Service status",
    requiresKey: true,
    nav: { label: "Service status", icon: ActivityIcon },
    summary: "Live checks of the three services: training system check, inference models, annotation queues.",
  },
  {
    ...page("/queues", (m) => m.QueueListPage),
    title: "Annotation queues",
    requiresKey: true,
    nav: { label: "Annotation queues", icon: QueueIcon },
    summary: "Work through annotation queues: filter, sort and export items, review each call, complete and move on.",
  },
  {
    ...page("/queues/:queueId", (m) => m.QueueItemsPage),
    title: "Queue items",
    requiresKey: true,
    wide: true,
  },
  {
    ...page("/queues/:queueId/insights", (m) => m.InsightsPage),
    title: "Queue insights",
    requiresKey: true,
  },
  {
    ...page("/queues/:queueId/train", (m) => m.TrainPage),
    title: "Train from a queue",
    requiresKey: true,
  },
  {
    ...page("/queues/:queueId/items/:itemId", (m) => m.QueueReviewPage),
    title: "Review item",
    requiresKey: true,
  },
  {
    ...page("/specs", (m) => m.SpecsPage),
    title: "Annotation specs",
    requiresKey: true,
    nav: { label: "Annotation specs", icon: ListChecksIcon },
    summary: "The questions annotators answer: ratings, categories, yes/no, numbers and text, each versioned, with a live preview.",
  },
  {
    ...page("/specs/new", (m) => m.NewSpecPage),
    title: "New annotation spec",
    requiresKey: true,
  },
  {
    ...page("/specs/:specId/edit", (m) => m.EditSpecPage),
    title: "Edit annotation spec",
    requiresKey: true,
  },
  {
    ...page("/calls", (m) => m.CallsPage),
    title: "Calls",
    requiresKey: true,
    wide: true,
    nav: { label: "Calls", icon: ListIcon },
    summary: "Browse the project's calls: filter by op, trace, time and text, select some and add them to an annotation queue.",
  },
  {
    ...page("/models", (m) => m.ModelCatalogPage),
    title: "Models",
    requiresKey: true,
    prefetch: ({ clients, queryClient }) => queryClient.prefetchQuery(inferenceQueries.models(clients.inference)),
    nav: { label: "Models", icon: CubeIcon },
    summary: "Every inference model your key can use: search, compare published prices, copy a ready-to-run snippet.",
  },
  {
    ...page("/playground", (m) => m.PlaygroundPage),
    title: "Playground",
    requiresKey: true,
    nav: { label: "Playground", icon: MessageIcon },
    summary: "Chat with a catalog model or a trained checkpoint, with streamed replies and token usage.",
  },
  {
    ...page("/training", (m) => m.JobsPage),
    title: "Training jobs",
    requiresKey: true,
    // Charts and tables: the training frame sets a width of its own (training-page.tsx).
    wide: true,
    nav: { label: "Training", icon: TrendingUpIcon },
    summary: "RL and SFT jobs with live charts, models and their checkpoints: start a job, watch it train, pick the best step.",
  },
  {
    ...page("/training/jobs/new", (m) => m.CreateJobPage),
    title: "New training job",
    requiresKey: true,
  },
  {
    ...page("/training/compare", (m) => m.ComparePage),
    title: "Compare training runs",
    requiresKey: true,
    wide: true,
  },
  {
    ...page("/training/jobs/:jobId", (m) => m.JobPage),
    title: "Training job",
    requiresKey: true,
    wide: true,
  },
  {
    ...page("/training/models", (m) => m.ModelsPage),
    title: "Training models",
    requiresKey: true,
    wide: true,
  },
  {
    ...page("/training/models/:modelId", (m) => m.ModelPage),
    title: "Training model",
    requiresKey: true,
    wide: true,
  },
  {
    ...page("/settings", (m) => m.SettingsPage),
    title: "Settings",
    nav: { label: "Settings", icon: SettingsIcon, placement: "bottom" },
    summary: "API key, where it is kept, service addresses and projects; test the connection.",
  },
  {
    ...page("/help/proxy", (m) => m.ProxyHelpPage),
    title: "Same-origin proxy",
  },
];

export const APP_NAME = "W&B Ops Dashboard";
