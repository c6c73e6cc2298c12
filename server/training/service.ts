import { Hono } from "hono";
import { requireApiKey } from "../auth/middleware";
import { chatCompletionHandler } from "../chat/handler";
import { serviceErrorHandler } from "../http/errors";
import type { AppEnv } from "../http/env";
import { SUPPORTED_BASE_MODELS } from "./base-models";
import { createBulkUploadReader } from "./bulk-upload/read";
import { healthRoutes } from "./routes/health";
import { jobRoutes } from "./routes/jobs";
import { modelRoutes } from "./routes/models";
import { createTrainingChatLimiter, MAX_ACTIVE_JOBS_PER_ENTITY } from "./quotas";
import type { JobRunner } from "./runner";

export type TrainingServiceOptions = {
  runner: JobRunner;
  chatTokenDelayMs: number;
  /** Name of a system check to report as failed (env SIMULATE_CHECK_FAILURE). */
  simulateCheckFailure?: string | undefined;
  /** Jobs one entity may have queued or running (TRAINING_JOBS_PER_ENTITY); default MAX_ACTIVE_JOBS_PER_ENTITY. */
  activeJobsPerEntity?: number | undefined;
  /** Bulk upload bodies from this size on are checked in the worker thread; default OFF_THREAD_BYTES (tests lower it). */
  bulkOffThreadBytes?: number | undefined;
};

/**
 * The training service (real: W&B serverless training). Errors as `{"detail": ...}`. Models,
 * checkpoints, jobs and events are real bookkeeping; the GPU work is simulated by the job runner.
 */
export function createTrainingService(options: TrainingServiceOptions): Hono<AppEnv> {
  const service = new Hono<AppEnv>();
  service.use("/preview/*", requireApiKey);
  service.use("/chat/*", requireApiKey);

  service.route("/", healthRoutes({ runner: options.runner, simulateCheckFailure: options.simulateCheckFailure }));
  const readBulkUpload = createBulkUploadReader({ offThreadBytes: options.bulkOffThreadBytes });
  service.route("/preview/models", modelRoutes({ readBulkUpload }));
  service.route("/preview", jobRoutes({ activeJobsPerEntity: options.activeJobsPerEntity ?? MAX_ACTIVE_JOBS_PER_ENTITY, readBulkUpload }));

  const chat = chatCompletionHandler({ tokenDelayMs: options.chatTokenDelayMs, servedModels: SUPPORTED_BASE_MODELS, admit: createTrainingChatLimiter() });
  // The real service lists both paths; the trailing slash is an alias.
  service.post("/chat/completions", chat);
  service.post("/chat/completions/", chat);

  service.onError(serviceErrorHandler("detail"));
  return service;
}
