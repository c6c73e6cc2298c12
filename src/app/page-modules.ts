/**
 * Each page's code, by its route's path: the one list of what `import()` loads for a page. Kept
 * apart from routes.tsx, which holds icons, queries and titles, because boot.ts reads it too: the
 * first script to run, which starts the first page's download before the app's own code has even
 * arrived. It imports nothing but path-pattern.ts and the clients' loaders (see build/chunking.ts).
 *
 * A page that calls the annotation queue or training service loads that client's code beside its
 * own (`withTrace`, `withTraining`): the client would otherwise fetch it on its first call, a round
 * trip before the page's first request (api/lazy-client.ts). Settings calls both only when asked to
 * test the connection, and is a new user's first page: it loads neither up front (the idle preload
 * usually has them by the time a key is typed).
 */
import { loadTraceClientModule, loadTrainingClientModule } from "@/api/client-modules";
import { matchesPathPattern } from "./path-pattern";

const withTrace = <Page>(page: Promise<Page>) => Promise.all([page, loadTraceClientModule()]).then(([module]) => module);
const withTraining = <Page>(page: Promise<Page>) => Promise.all([page, loadTrainingClientModule()]).then(([module]) => module);

export const PAGE_MODULES = {
  "/": () => import("@/features/home/home-page"),
  "/status": () => withTraining(withTrace(import("@/features/home/service-status-page"))),
  "/queues": () => withTrace(import("@/features/queues/queue-list/queue-list-page")),
  "/queues/:queueId": () => withTrace(import("@/features/queues/queue-items/queue-items-page")),
  "/queues/:queueId/insights": () => withTrace(import("@/features/queues/insights/insights-page")),
  "/queues/:queueId/train": () => withTraining(withTrace(import("@/features/train-from-queue/train-page"))),
  "/queues/:queueId/items/:itemId": () => withTrace(import("@/features/queues/queue-review/queue-review-page")),
  "/specs": () => withTrace(import("@/features/specs/specs-page")),
  "/specs/new": () => withTrace(import("@/features/specs/spec-edit-page")),
  "/specs/:specId/edit": () => withTrace(import("@/features/specs/spec-edit-page")),
  "/calls": () => withTrace(import("@/features/calls/calls-page")),
  "/models": () => import("@/features/models/catalog-page"),
  "/playground": () => withTraining(import("@/features/playground/playground-page")),
  "/training": () => withTraining(import("@/features/training/jobs/jobs-page")),
  "/training/jobs/new": () => withTraining(import("@/features/training/create-job/create-job-page")),
  "/training/compare": () => withTraining(import("@/features/training/compare/compare-page")),
  "/training/jobs/:jobId": () => withTraining(import("@/features/training/job-page/job-page")),
  "/training/models": () => withTraining(import("@/features/training/models/models-page")),
  "/training/models/:modelId": () => withTraining(import("@/features/training/models/model-page")),
  "/settings": () => import("@/features/settings/settings-page"),
  "/help/proxy": () => import("@/features/help/proxy-help-page"),
} as const;

export type PagePath = keyof typeof PAGE_MODULES;

/** The page path the address falls under, first match in the routes' order (as lazy-page.tsx picks). */
export function pagePathAt(pathname: string): PagePath | undefined {
  return (Object.keys(PAGE_MODULES) as PagePath[]).find((pattern) => matchesPathPattern(pattern, pathname));
}
