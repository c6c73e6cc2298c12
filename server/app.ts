import type { Database } from "better-sqlite3";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { randomUUID } from "node:crypto";
import { apiBodyLimit } from "./http/body-limits";
import { DEFAULT_BODY_RATE, type BodyRate } from "./http/body-rate";
import { requestBodyRules } from "./http/request-body";
import { echo } from "./http/echo";
import { errorBody, errorStyleForPath, serviceErrorHandler } from "./http/errors";
import type { AppEnv } from "./http/env";
import { createInferenceService } from "./inference/service";
import { createTraceService } from "./trace/service";
import type { JobRunner } from "./training/runner";
import { createTrainingService } from "./training/service";
import { API_HEADERS, BASE_SECURITY_HEADERS, setHeaders } from "./security-headers";
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
  /** Training jobs one entity may have queued or running (TRAINING_JOBS_PER_ENTITY). */
  activeJobsPerEntity?: number;
  /** Bulk uploads (training data, trace tables and files) from this many bytes on are checked in a worker thread (tests lower it; default 1 MiB). */
  bulkOffThreadBytes?: number;
  /** Serve the dashboard's source maps (SOURCE_MAPS=1); never by default. */
  serveSourceMaps?: boolean;
  /** The slowest a request body may arrive (MIN_BODY_BYTES_PER_SECOND, BODY_RATE_GRACE_MS). */
  bodyRate?: BodyRate;
};

/**
 * The client's X-Request-Id when it is a plain token of at most 128 characters, else a new one:
 * the id is sent back in a header and quoted in 500s, and must not carry a client's megabytes or
 * control characters there.
 */
function requestIdOf(header: string | undefined): string {
  return header !== undefined && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
}

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
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    c.set("db", options.db);
    await next();
    // On the answer's headers, not c.header(): after the handler that would copy the whole answer
    // into a new web Response on every request.
    c.res.headers.set("X-Request-Id", requestId);
  });
  // Set after the handler (and its error handler) ran, so every answer carries them, refusals included.
  app.use("/api/*", async (c, next) => {
    await next();
    setHeaders(c.res.headers, API_HEADERS);
  });
  app.use("/config.json", async (c, next) => {
    await next();
    setHeaders(c.res.headers, { ...BASE_SECURITY_HEADERS, "Cache-Control": "no-cache" });
  });
  if (options.corsOrigins?.length) {
    app.use(
      "/api/*",
      cors({
        origin: options.corsOrigins,
        allowHeaders: ["Authorization", "Content-Type", "OpenAI-Project"],
        exposeHeaders: ["X-Request-Id"],
      }),
    );
  }
  // Refused unread (by Content-Length) or part-read: the rest of the body may still be on its way,
  // so this connection cannot carry another request. Saying so makes the client open a new one; the
  // server reads out the rest before closing (http/node-server.ts).
  const tooLarge = (c: Context<AppEnv>, limit: number) =>
    c.json(
      errorBody(
        errorStyleForPath(c.req.path, SERVICE_PATHS),
        `Request body too large: the limit is ${limit} bytes.`,
        "request_too_large",
        413,
      ),
      413,
      { Connection: "close" },
    );
  // One web size check per distinct limit, made once (only `app.fetch` uses them): see
  // body-limits.ts for which endpoint gets which.
  const limiters = new Map<number, MiddlewareHandler<AppEnv>>();
  const webLimiter = (limit: number) => {
    let limiter = limiters.get(limit);
    if (!limiter) limiters.set(limit, (limiter = bodyLimit({ maxSize: limit, onError: (c) => tooLarge(c, limit) })));
    return limiter;
  };
  app.use(
    "/api/*",
    requestBodyRules({
      rate: options.bodyRate ?? DEFAULT_BODY_RATE,
      limitOf: (path) => apiBodyLimit(path, maxBodyBytes) ?? maxBodyBytes,
      tooLarge,
      webLimiter,
    }),
  );

  app.route(SERVICE_PATHS.trace, createTraceService({ uploadOffThreadBytes: options.bulkOffThreadBytes }));
  app.route(
    SERVICE_PATHS.training,
    createTrainingService({
      runner: options.runner,
      chatTokenDelayMs: options.chatTokenDelayMs ?? 0,
      simulateCheckFailure: options.simulateCheckFailure,
      activeJobsPerEntity: options.activeJobsPerEntity,
      bulkOffThreadBytes: options.bulkOffThreadBytes,
    }),
  );
  app.route(SERVICE_PATHS.inference, createInferenceService({ chatTokenDelayMs: options.chatTokenDelayMs ?? 0 }));
  app.route(SERVICE_PATHS.wandb, createWandbService());
  app.all("/api/*", (c) =>
    c.json(
      errorBody(
        errorStyleForPath(c.req.path, SERVICE_PATHS),
        `No such endpoint: ${echo(c.req.method)} ${echo(c.req.path)}`,
        "not_found",
        404,
      ),
      404,
    ),
  );

  app.get("/config.json", (c) =>
    c.json({
      traceBaseUrl: SERVICE_PATHS.trace,
      trainingBaseUrl: SERVICE_PATHS.training,
      inferenceBaseUrl: SERVICE_PATHS.inference,
      wandbApiBaseUrl: SERVICE_PATHS.wandb,
      localServices: true,
      // What the dashboard page's CSP lets it call besides its own origin, so Settings can name
      // that policy (not CORS) when an address is outside it. Only when this server serves the page.
      ...(options.dashboardDir ? { cspConnectSrc: options.cspConnectSrc ?? [] } : {}),
    }),
  );
  if (options.dashboardDir)
    mountDashboard(app, options.dashboardDir, {
      connectSrc: options.cspConnectSrc,
      serveSourceMaps: options.serveSourceMaps ?? false,
    });

  app.onError(serviceErrorHandler("detail"));
  return app;
}
