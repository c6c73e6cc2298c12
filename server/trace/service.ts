import { Hono } from "hono";
import { requireApiKey } from "../auth/middleware";
import { serviceErrorHandler } from "../http/errors";
import type { AppEnv } from "../http/env";
import { registerCallWriteRoutes } from "./call-writes/routes";
import { registerCallReadRoutes } from "./calls-query/routes";
import { registerFeedbackRoutes } from "./feedback/routes";
import { createLargeUploadLimit } from "./large-uploads";
import { registerObjectRoutes } from "./objects/routes";
import { registerQueueRoutes } from "./queue-routes";
import { registerServerInfoRoutes } from "./server-info-routes";
import { registerTableAndFileRoutes } from "./tables/routes";

/** The annotation queue service (real: W&B Weave trace server). Errors as `{"reason": ...}`. */
export function createTraceService(options: { uploadOffThreadBytes?: number | undefined } = {}): Hono<AppEnv> {
  const service = new Hono<AppEnv>();
  registerServerInfoRoutes(service);
  service.use("*", requireApiKey);
  service.onError(serviceErrorHandler("reason"));
  // Files, tables and call batches of 1 MiB and more: at most 2 in flight per entity (large-uploads.ts).
  const uploads = { limitLargeUploads: createLargeUploadLimit(), offThreadBytes: options.uploadOffThreadBytes };

  registerQueueRoutes(service);
  registerObjectRoutes(service);
  registerTableAndFileRoutes(service, uploads);
  registerFeedbackRoutes(service);
  registerCallReadRoutes(service);
  registerCallWriteRoutes(service, uploads);
  return service;
}
