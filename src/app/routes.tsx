import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { ApiClients } from "@/api/clients";
import { inferenceQueries } from "@/api/queries/inference";
import { PAGE_MODULES } from "./page-modules";
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

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: "/",
    title: "Overview",
    load: () => PAGE_MODULES["/"]().then((m) => m.HomePage),
    nav: { label: "Overview", icon: HomeIcon },
  },
  {
    path: "/status",
    title: "Service status",
    requiresKey: true,
    load: () => PAGE_MODULES["/status"]().then((m) => m.ServiceStatusPage),
    nav: { label: "Service status", icon: ActivityIcon },
    summary: "Live checks of the three services: training system check, inference models, annotation queues.",
  },
  {
    path: "/queues",
    title: "Annotation queues",
    requiresKey: true,
    load: () => PAGE_MODULES["/queues"]().then((m) => m.QueueListPage),
    nav: { label: "Annotation queues", icon: QueueIcon },
    summary: "Work through annotation queues: filter, sort and export items, review each call, complete and move on.",
  },
  {
    path: "/queues/:queueId",
    title: "Queue items",
    requiresKey: true,
    wide: true,
    load: () => PAGE_MODULES["/queues/:queueId"]().then((m) => m.QueueItemsPage),
  },
  {
    path: "/queues/:queueId/insights",
    title: "Queue insights",
    requiresKey: true,
    load: () => PAGE_MODULES["/queues/:queueId/insights"]().then((m) => m.InsightsPage),
  },
  {
    path: "/queues/:queueId/train",
    title: "Train from a queue",
    requiresKey: true,
    load: () => PAGE_MODULES["/queues/:queueId/train"]().then((m) => m.TrainPage),
  },
  {
    path: "/queues/:queueId/items/:itemId",
    title: "Review item",
    requiresKey: true,
    load: () => PAGE_MODULES["/queues/:queueId/items/:itemId"]().then((m) => m.QueueReviewPage),
  },
  {
    path: "/specs",
    title: "Annotation specs",
    requiresKey: true,
    load: () => PAGE_MODULES["/specs"]().then((m) => m.SpecsPage),
    nav: { label: "Annotation specs", icon: ListChecksIcon },
    summary: "The questions annotators answer: ratings, categories, yes/no, numbers and text, each versioned, with a live preview.",
  },
  {
    path: "/specs/new",
    title: "New annotation spec",
    requiresKey: true,
    load: () => PAGE_MODULES["/specs/new"]().then((m) => m.NewSpecPage),
  },
  {
    path: "/specs/:specId/edit",
    title: "Edit annotation spec",
    requiresKey: true,
    load: () => PAGE_MODULES["/specs/:specId/edit"]().then((m) => m.EditSpecPage),
  },
  {
    path: "/calls",
    title: "Calls",
    requiresKey: true,
    wide: true,
    load: () => PAGE_MODULES["/calls"]().then((m) => m.CallsPage),
    nav: { label: "Calls", icon: ListIcon },
    summary: "Browse the project's calls: filter by op, trace, time and text, select some and add them to an annotation queue.",
  },
  {
    path: "/models",
    title: "Models",
    requiresKey: true,
    load: () => PAGE_MODULES["/models"]().then((m) => m.ModelCatalogPage),
    prefetch: ({ clients, queryClient }) => queryClient.prefetchQuery(inferenceQueries.models(clients.inference)),
    nav: { label: "Models", icon: CubeIcon },
    summary: "Every inference model your key can use: search, compare published prices, copy a ready-to-run snippet.",
  },
  {
    path: "/playground",
    title: "Playground",
    requiresKey: true,
    load: () => PAGE_MODULES["/playground"]().then((m) => m.PlaygroundPage),
    nav: { label: "Playground", icon: MessageIcon },
    summary: "Chat with a catalog model or a trained checkpoint, with streamed replies and token usage.",
  },
  {
    path: "/training",
    title: "Training jobs",
    requiresKey: true,
    load: () => PAGE_MODULES["/training"]().then((m) => m.JobsPage),
    nav: { label: "Training", icon: TrendingUpIcon },
    summary: "RL and SFT jobs with live charts, models and their checkpoints: start a job, watch it train, pick the best step.",
  },
  {
    path: "/training/jobs/new",
    title: "New training job",
    requiresKey: true,
    load: () => PAGE_MODULES["/training/jobs/new"]().then((m) => m.CreateJobPage),
  },
  {
    path: "/training/compare",
    title: "Compare training runs",
    requiresKey: true,
    load: () => PAGE_MODULES["/training/compare"]().then((m) => m.ComparePage),
  },
  {
    path: "/training/jobs/:jobId",
    title: "Training job",
    requiresKey: true,
    load: () => PAGE_MODULES["/training/jobs/:jobId"]().then((m) => m.JobPage),
  },
  {
    path: "/training/models",
    title: "Training models",
    requiresKey: true,
    load: () => PAGE_MODULES["/training/models"]().then((m) => m.ModelsPage),
  },
  {
    path: "/training/models/:modelId",
    title: "Training model",
    requiresKey: true,
    load: () => PAGE_MODULES["/training/models/:modelId"]().then((m) => m.ModelPage),
  },
  {
    path: "/settings",
    title: "Settings",
    load: () => PAGE_MODULES["/settings"]().then((m) => m.SettingsPage),
    nav: { label: "Settings", icon: SettingsIcon, placement: "bottom" },
    summary: "API key, where it is kept, service addresses and projects; test the connection.",
  },
  {
    path: "/help/proxy",
    title: "Same-origin proxy",
    load: () => PAGE_MODULES["/help/proxy"]().then((m) => m.ProxyHelpPage),
  },
];

export const APP_NAME = "W&B Ops Dashboard";
