/**
 * Every page of the dashboard, in navigation order: the one route table. The router, the sidebar,
 * the overview's cards, the tab titles, boot's first download and first request all read it
 * (routes.tsx turns each entry into what React renders). A new page is its component and one entry
 * here; lib/paths.ts builds links to it from the same path pattern.
 *
 * Plain data, on purpose: boot.ts reads this table before React and the app's shell have arrived,
 * to start the first page's code and data at once. So it holds no React component or icon (an
 * icon is named, routes.tsx draws it) and imports nothing but path-pattern.ts, the clients'
 * loaders and the first requests (build/chunking.ts keeps what boot imports out of the app's chunk).
 */
import type { ComponentType } from "react";
import { loadTraceClientModule, loadTrainingClientModule } from "@/api/client-modules";
import {
  callsFirstRequests,
  inferenceModelsRequest,
  jobPageFirstRequests,
  queueItemsFirstRequests,
  queueListFirstRequest,
  reviewFirstRequests,
  type FirstRequestOf,
} from "./first-page-request";
import type { NavIconName } from "./nav-icons";
import { matchesPathPattern } from "./path-pattern";

/**
 * The service clients whose code loads beside a page's own: the client would otherwise fetch it on
 * its first call, a round trip before the page's first request (api/lazy-client.ts).
 */
const CLIENT_MODULES = { trace: loadTraceClientModule, training: loadTrainingClientModule };

export type PageEntry = {
  /** Absolute path pattern, may hold params (":queueId"). A fixed path comes before a param it would match. */
  path: string;
  /** Document title (and what assistive tech announces on navigation). */
  title: string;
  /** The page's component, from its module (`import()`, so each page is its own download). */
  load: () => Promise<ComponentType>;
  /**
   * Clients whose code the page needs before its first request. Settings calls both only when asked
   * to test the connection, and is a new user's first page: it names neither (the idle preload
   * usually has them by the time a key is typed).
   */
  clients?: readonly (keyof typeof CLIENT_MODULES)[];
  /** Sends the user to Settings (and back) when no API key is set. */
  requiresKey?: boolean;
  /** The page may use the whole width of the window (tables with many columns); others stay at a readable width. */
  wide?: boolean;
  /** A place in the sidebar; the icon is one of nav-icons.ts. */
  nav?: { label: string; icon: NavIconName; placement?: "main" | "bottom" };
  /** One sentence for the overview page's card; pages without one get no card. */
  summary?: string;
  /**
   * The page's first data request, sent by boot.ts as soon as the deployment config is in (see
   * first-page-request.ts); routes.tsx's `prefetch` puts the same answer into the query cache.
   */
  firstRequest?: FirstRequestOf;
};

export const PAGES: readonly PageEntry[] = [
  {
    path: "/",
    load: () => import("@/features/home/home-page").then((m) => m.HomePage),
    title: "Overview",
    nav: { label: "Overview", icon: "home" },
  },
  {
    path: "/status",
    load: () => import("@/features/status/service-status-page").then((m) => m.ServiceStatusPage),
    clients: ["trace", "training"],
    title: "Service status",
    requiresKey: true,
    nav: { label: "Service status", icon: "activity" },
    summary: "Live checks of the three services: training system check, inference models, annotation queues.",
  },
  {
    path: "/queues",
    load: () => import("@/features/queues/queue-list/queue-list-page").then((m) => m.QueueListPage),
    clients: ["trace"],
    title: "Annotation queues",
    requiresKey: true,
    firstRequest: queueListFirstRequest,
    nav: { label: "Annotation queues", icon: "queue" },
    summary: "Work through annotation queues: filter, sort and export items, review each call, complete and move on.",
  },
  {
    path: "/queues/:queueId",
    load: () => import("@/features/queues/queue-items/queue-items-page").then((m) => m.QueueItemsPage),
    clients: ["trace"],
    title: "Queue items",
    requiresKey: true,
    firstRequest: queueItemsFirstRequests,
    wide: true,
  },
  {
    path: "/queues/:queueId/insights",
    load: () => import("@/features/queues/insights/insights-page").then((m) => m.InsightsPage),
    clients: ["trace"],
    title: "Queue insights",
    requiresKey: true,
  },
  {
    path: "/queues/:queueId/train",
    load: () => import("@/features/train-from-queue/train-page").then((m) => m.TrainPage),
    clients: ["trace", "training"],
    title: "Train from a queue",
    requiresKey: true,
  },
  {
    path: "/queues/:queueId/judges",
    load: () => import("@/features/queues/judges/judges-page").then((m) => m.JudgesPage),
    clients: ["trace"],
    title: "Queue judges",
    requiresKey: true,
  },
  {
    path: "/queues/:queueId/judges/new",
    load: () => import("@/features/queues/judges/judge-page").then((m) => m.NewJudgePage),
    clients: ["trace", "training"],
    title: "New judge",
    requiresKey: true,
  },
  {
    path: "/queues/:queueId/judges/:judgeId",
    load: () => import("@/features/queues/judges/judge-page").then((m) => m.JudgePage),
    clients: ["trace", "training"],
    title: "Judge",
    requiresKey: true,
  },
  {
    path: "/queues/:queueId/items/:itemId",
    load: () => import("@/features/queues/queue-review/queue-review-page").then((m) => m.QueueReviewPage),
    clients: ["trace"],
    title: "Review item",
    requiresKey: true,
    firstRequest: reviewFirstRequests,
  },
  {
    path: "/specs",
    load: () => import("@/features/specs/specs-page").then((m) => m.SpecsPage),
    clients: ["trace"],
    title: "Annotation specs",
    requiresKey: true,
    nav: { label: "Annotation specs", icon: "listChecks" },
    summary:
      "The questions annotators answer: ratings, categories, yes/no, numbers and text, each versioned, with a live preview.",
  },
  {
    path: "/specs/new",
    load: () => import("@/features/specs/spec-edit-page").then((m) => m.NewSpecPage),
    clients: ["trace"],
    title: "New annotation spec",
    requiresKey: true,
  },
  {
    path: "/specs/:specId/edit",
    load: () => import("@/features/specs/spec-edit-page").then((m) => m.EditSpecPage),
    clients: ["trace"],
    title: "Edit annotation spec",
    requiresKey: true,
  },
  {
    path: "/calls",
    load: () => import("@/features/calls/calls-page").then((m) => m.CallsPage),
    clients: ["trace"],
    title: "Calls",
    requiresKey: true,
    firstRequest: callsFirstRequests,
    wide: true,
    nav: { label: "Calls", icon: "list" },
    summary:
      "Browse the project's calls: filter by op, trace, time and text, select some and add them to an annotation queue.",
  },
  {
    path: "/models",
    load: () => import("@/features/models/catalog-page").then((m) => m.ModelCatalogPage),
    title: "Models",
    requiresKey: true,
    firstRequest: inferenceModelsRequest,
    nav: { label: "Models", icon: "cube" },
    summary: "Every inference model your key can use: search, compare published prices, copy a ready-to-run snippet.",
  },
  {
    path: "/playground",
    load: () => import("@/features/playground/playground-page").then((m) => m.PlaygroundPage),
    clients: ["training"],
    title: "Playground",
    requiresKey: true,
    nav: { label: "Playground", icon: "message" },
    summary: "Chat with a catalog model or a trained checkpoint, with streamed replies and token usage.",
  },
  {
    path: "/training",
    load: () => import("@/features/training/jobs/jobs-page").then((m) => m.JobsPage),
    clients: ["training"],
    title: "Training jobs",
    requiresKey: true,
    // Charts and tables: the training frame sets a width of its own (training-page.tsx).
    wide: true,
    nav: { label: "Training", icon: "trendingUp" },
    summary:
      "RL and SFT jobs with live charts, models and their checkpoints: start a job, watch it train, pick the best step.",
  },
  {
    path: "/training/jobs/new",
    load: () => import("@/features/training/create-job/create-job-page").then((m) => m.CreateJobPage),
    clients: ["training"],
    title: "New training job",
    requiresKey: true,
  },
  {
    path: "/training/compare",
    load: () => import("@/features/training/compare/compare-page").then((m) => m.ComparePage),
    clients: ["training"],
    title: "Compare training runs",
    requiresKey: true,
    wide: true,
  },
  {
    path: "/training/jobs/:jobId",
    load: () => import("@/features/training/job-page/job-page").then((m) => m.JobPage),
    clients: ["training"],
    title: "Training job",
    requiresKey: true,
    firstRequest: jobPageFirstRequests,
    wide: true,
  },
  {
    path: "/training/models",
    load: () => import("@/features/training/models/models-page").then((m) => m.ModelsPage),
    clients: ["training"],
    title: "Training models",
    requiresKey: true,
    wide: true,
  },
  {
    path: "/training/models/:modelId",
    load: () => import("@/features/training/models/model-page").then((m) => m.ModelPage),
    clients: ["training"],
    title: "Training model",
    requiresKey: true,
    wide: true,
  },
  {
    path: "/settings",
    load: () => import("@/features/settings/settings-page").then((m) => m.SettingsPage),
    title: "Settings",
    nav: { label: "Settings", icon: "settings", placement: "bottom" },
    summary: "API key, where it is kept, service addresses and projects; test the connection.",
  },
  {
    path: "/help/proxy",
    load: () => import("@/features/help/proxy-help-page").then((m) => m.ProxyHelpPage),
    title: "Same-origin proxy",
  },
];

/** The page's component, once it and the code of the clients it names have loaded (side by side). */
export function loadPage(page: PageEntry): Promise<ComponentType> {
  const clients = (page.clients ?? []).map((name) => CLIENT_MODULES[name]());
  return Promise.all([page.load(), ...clients]).then(([component]) => component);
}

/** The page the address falls under: the first match in the table's order, as lazy-page.tsx picks. */
export function pageAt(pathname: string): PageEntry | undefined {
  return PAGES.find((page) => matchesPathPattern(page.path, pathname));
}
