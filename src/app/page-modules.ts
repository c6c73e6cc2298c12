/**
 * Each page's code, by its route's path: the one list of what `import()` loads for a page. Kept
 * apart from routes.tsx, which holds icons, queries and titles, because boot.ts reads it too: the
 * first script to run, which starts the first page's download before the app's own code has even
 * arrived. It imports nothing but path-pattern.ts and the clients' loaders (see build/chunking.ts).
 *
 * A page that calls the annotation queue or training service loads that client's code beside its
 * own (`withClients`): the client would otherwise fetch it on its first call, a round
 * trip before the page's first request (api/lazy-client.ts). Settings calls both only when asked to
 * test the connection, and is a new user's first page: it loads neither up front (the idle preload
 * usually has them by the time a key is typed).
 */
import { loadTraceClientModule, loadTrainingClientModule } from "@/api/client-modules";
import { matchesPathPattern } from "./path-pattern";

/** The page's module, once it and the clients' code given have loaded (side by side). */
const withClients = <Page>(page: Promise<Page>, ...clients: (() => Promise<unknown>)[]) => Promise.all([page, ...clients.map((load) => load())]).then(([module]) => module);
const TRACE = loadTraceClientModule;
const TRAINING = loadTrainingClientModule;

export const PAGE_MODULES = {
  "/": () => import("@/features/home/home-page"),
  "/status": () => withClients(import("@/features/status/service-status-page"), TRACE, TRAINING),
  "/queues": () => withClients(import("@/features/queues/queue-list/queue-list-page"), TRACE),
  "/queues/:queueId": () => withClients(import("@/features/queues/queue-items/queue-items-page"), TRACE),
  "/queues/:queueId/insights": () => withClients(import("@/features/queues/insights/insights-page"), TRACE),
  "/queues/:queueId/train": () => withClients(import("@/features/train-from-queue/train-page"), TRACE, TRAINING),
  "/queues/:queueId/items/:itemId": () => withClients(import("@/features/queues/queue-review/queue-review-page"), TRACE),
  "/specs": () => withClients(import("@/features/specs/specs-page"), TRACE),
  "/specs/new": () => withClients(import("@/features/specs/spec-edit-page"), TRACE),
  "/specs/:specId/edit": () => withClients(import("@/features/specs/spec-edit-page"), TRACE),
  "/calls": () => withClients(import("@/features/calls/calls-page"), TRACE),
  "/models": () => import("@/features/models/catalog-page"),
  "/playground": () => withClients(import("@/features/playground/playground-page"), TRAINING),
  "/training": () => withClients(import("@/features/training/jobs/jobs-page"), TRAINING),
  "/training/jobs/new": () => withClients(import("@/features/training/create-job/create-job-page"), TRAINING),
  "/training/compare": () => withClients(import("@/features/training/compare/compare-page"), TRAINING),
  "/training/jobs/:jobId": () => withClients(import("@/features/training/job-page/job-page"), TRAINING),
  "/training/models": () => withClients(import("@/features/training/models/models-page"), TRAINING),
  "/training/models/:modelId": () => withClients(import("@/features/training/models/model-page"), TRAINING),
  "/settings": () => import("@/features/settings/settings-page"),
  "/help/proxy": () => import("@/features/help/proxy-help-page"),
} as const;

export type PagePath = keyof typeof PAGE_MODULES;

/** The page path the address falls under, first match in the routes' order (as lazy-page.tsx picks). */
export function pagePathAt(pathname: string): PagePath | undefined {
  return (Object.keys(PAGE_MODULES) as PagePath[]).find((pattern) => matchesPathPattern(pattern, pathname));
}
