import type { Database } from "better-sqlite3";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { randomUUID } from "node:crypto";
import { errorBody, errorStyleForPath, serviceErrorHandler } from "./http/errors";
import type { AppEnv } from "./http/env";
import { createInferenceService } from "./inference/service";
import { createTraceService } from "./trace/service";
import type { JobRunner } from "./training/runner";
import { createTrainingService } from "./training/service";
import { mountDashboard } from "./static";
import { createWandbService } from "./wandb/service";

export type AppOptions = {
  db: Database;
  /** Plays the GPU's part for training jobs. Tests pass one they step by hand. */
  runner: JobRunner;
  /** Folder of the built dashboard; omitted in tests, where only the APIs are served. */
  dashboardDir?: string;
  /** Largest request body accepted, in bytes (413 above). */
  maxBodyBytes?: number;
  /** Origins allowed to call the APIs from a browser (CORS); the dashboard itself is same-origin. */
  corsOrigins?: string[];
  /** Origins besides its own that the dashboard page may call (CSP connect-src; CSP_CONNECT_SRC). */
  cspConnectSrc?: string[];
  /** Milliseconds between streamed chat tokens (0 in tests). */
  chatTokenDelayMs?: number;
  /** Name of a system check to report as failing (SIMULATE_CHECK_FAILURE), to demonstrate "degraded". */
  simulateCheckFailure?: string;
};

/** Where each service lives under the one local origin; /config.json tells the dashboard. */
export const SERVICE_PATHS = {
  trace: "/api/trace",
  training: "/api/training/v1",
  inference: "/api/inference/v1",
  /** The W&B API (GraphQL): who the key belongs to, and its projects. */
  wandb: "/api/wandb",
} as const;

/**
 * The local reference services in one Hono app: the annotation queue (trace) service, the
 * training service and the inference service, each with the error shape of its real counterpart,
 * plus (when built) the dashboard. `app.fetch` is what `npm start` serves and what tests call.
 */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024;

  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id") ?? randomUUID();
    c.set("requestId", requestId);
    c.set("db", options.db);
    await next();
    c.header("X-Request-Id", requestId);
  });
  if (options.corsOrigins?.length) {
    app.use("/api/*", cors({ origin: options.corsOrigins, allowHeaders: ["Authorization", "Content-Type", "OpenAI-Project"], exposeHeaders: ["X-Request-Id"] }));
  }
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => c.json(errorBody(errorStyleForPath(c.req.path, SERVICE_PATHS), `Request body too large: the limit is ${maxBodyBytes} bytes.`, "request_too_large", 413), 413),
    }),
  );

  app.route(SERVICE_PATHS.trace, createTraceService());
  app.route(
    SERVICE_PATHS.training,
    createTrainingService({
      runner: options.runner,
      chatTokenDelayMs: options.chatTokenDelayMs ?? 0,
      simulateCheckFailure: options.simulateCheckFailure,
    }),
  );
  app.route(SERVICE_PATHS.inference, createInferenceService({ chatTokenDelayMs: options.chatTokenDelayMs ?? 0 }));
  app.route(SERVICE_PATHS.wandb, createWandbService());
  app.all("/api/*", (c) => c.json(errorBody(errorStyleForPath(c.req.path, SERVICE_PATHS), `No such endpoint: ${c.req.method} ${c.req.path}`, "not_found", 404), 404));

  app.get("/config.json", (c) =>
    c.json({
      traceBaseUrl: SERVICE_PATHS.trace,
      trainingBaseUrl: SERVICE_PATHS.training,
      inferenceBaseUrl: SERVICE_PATHS.inference,
      wandbApiBaseUrl: SERVICE_PATHS.wandb,
      localServices: true,
    }),
  );
  if (options.dashboardDir) mountDashboard(app, options.dashboardDir, { connectSrc: options.cspConnectSrc });

  app.onError(serviceErrorHandler("detail"));
  return app;
}
