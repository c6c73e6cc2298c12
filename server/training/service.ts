import { Hono } from "hono";
import { requireApiKey } from "../auth/middleware";
import { registerChatRoutes } from "../chat/routes";
import { serviceErrorHandler } from "../http/errors";
import type { AppEnv } from "../http/env";
import { SUPPORTED_BASE_MODELS } from "./base-models";
import { createBulkUploadReader } from "./bulk-upload/read";
import { registerHealthRoutes } from "./health-routes";
import { registerJobRoutes } from "./job-routes";
import { registerLocalRoutes } from "./local-routes";
import { registerModelRoutes } from "./model-routes";
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
  service.use("/local/seeded/*", requireApiKey);
  service.use("/local/models/*", requireApiKey);

  registerHealthRoutes(service, { runner: options.runner, simulateCheckFailure: options.simulateCheckFailure });
  const readBulkUpload = createBulkUploadReader({ offThreadBytes: options.bulkOffThreadBytes });
  registerModelRoutes(service, { readBulkUpload });
  registerJobRoutes(service, {
    activeJobsPerEntity: options.activeJobsPerEntity ?? MAX_ACTIVE_JOBS_PER_ENTITY,
    readBulkUpload,
  });
  // The real service lists both paths; the trailing slash is an alias.
  const chatPaths = ["/chat/completions", "/chat/completions/"];
  registerChatRoutes(service, {
    tokenDelayMs: options.chatTokenDelayMs,
    servedModels: SUPPORTED_BASE_MODELS,
    admit: createTrainingChatLimiter(),
    paths: chatPaths,
  });
  registerLocalRoutes(service);

  service.onError(serviceErrorHandler("detail"));
  return service;
}
