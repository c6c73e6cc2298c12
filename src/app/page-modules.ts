/**
 * Each page's code, by its route's path: the one list of what `import()` loads for a page. Kept
 * apart from routes.tsx, which holds icons, queries and titles, because boot.ts reads it too: the
 * first script to run, which starts the first page's download before the app's own code has even
 * arrived. It imports nothing but path-pattern.ts (see build/chunking.ts).
 */
import { matchesPathPattern } from "./path-pattern";

export const PAGE_MODULES = {
  "/": () => import("@/features/home/home-page"),
  "/status": () => import("@/features/home/service-status-page"),
  "/queues": () => import("@/features/queues/queue-list/queue-list-page"),
  "/queues/:queueId": () => import("@/features/queues/queue-items/queue-items-page"),
  "/queues/:queueId/insights": () => import("@/features/queues/insights/insights-page"),
  "/queues/:queueId/train": () => import("@/features/train-from-queue/train-page"),
  "/queues/:queueId/items/:itemId": () => import("@/features/queues/queue-review/queue-review-page"),
  "/specs": () => import("@/features/specs/specs-page"),
  "/specs/new": () => import("@/features/specs/spec-edit-page"),
  "/specs/:specId/edit": () => import("@/features/specs/spec-edit-page"),
  "/calls": () => import("@/features/calls/calls-page"),
  "/models": () => import("@/features/models/catalog-page"),
  "/playground": () => import("@/features/playground/playground-page"),
  "/training": () => import("@/features/training/jobs/jobs-page"),
  "/training/jobs/new": () => import("@/features/training/create-job/create-job-page"),
  "/training/compare": () => import("@/features/training/compare/compare-page"),
  "/training/jobs/:jobId": () => import("@/features/training/job-page/job-page"),
  "/training/models": () => import("@/features/training/models/models-page"),
  "/training/models/:modelId": () => import("@/features/training/models/model-page"),
  "/settings": () => import("@/features/settings/settings-page"),
  "/help/proxy": () => import("@/features/help/proxy-help-page"),
} as const;

export type PagePath = keyof typeof PAGE_MODULES;

/** The page path the address falls under, first match in the routes' order (as lazy-page.tsx picks). */
export function pagePathAt(pathname: string): PagePath | undefined {
  return (Object.keys(PAGE_MODULES) as PagePath[]).find((pattern) => matchesPathPattern(pattern, pathname));
}
