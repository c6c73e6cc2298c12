import { segment } from "./url";

/**
 * A training job's path on the training service. Its own file, importing only url.ts: boot sends the job page's
 * first reads before the training client arrives (app/first-page-request.ts), and the client takes them only if
 * both build the same address.
 */
export const trainingJobPath = (jobId: string) => `/preview/training-jobs/${segment(jobId)}`;
