import type { ServerType } from "@hono/node-server";
import type { Database } from "better-sqlite3";
import { join } from "node:path";
import { createApp, SERVICE_PATHS } from "./app";
import type { ServerConfig } from "./config";
import { apiBodyLimit } from "./http/body-limits";
import { errorStyleForPath } from "./http/errors";
import { listen } from "./http/node-server";
import { openDatabase } from "./db/database";
import { needsSeed, seedAll } from "./seed/seed";
import { seedUsers } from "./seed/users";
import { createJobRunner } from "./training/job-runner";
import { removeUnfinishedUploads } from "./training/job-store";
import type { JobRunner } from "./training/runner";

export type RunningServices = {
  url: string;
  db: Database;
  runner: JobRunner;
  server: ServerType;
  close(): Promise<void>;
};

export const DATABASE_FILE = "local-services.sqlite";

/**
 * Opens the database in DATA_DIR (seeding it on first use), starts the job runner and serves the
 * three services (and the dashboard, when `dashboardDir` is given) on HOST:PORT.
 */
export async function startServices(
  config: ServerConfig,
  options: { dashboardDir?: string } = {},
): Promise<RunningServices> {
  const db = openDatabase(join(config.DATA_DIR, DATABASE_FILE));
  if (needsSeed(db)) {
    console.info("First start on this data directory: seeding the demo data...");
    seedAll(db);
  } else {
    // A data directory seeded before an account was added to the demo gains it (an upsert: nothing else changes).
    seedUsers(db);
  }
  const unfinished = removeUnfinishedUploads(db);
  if (unfinished > 0)
    console.warn(`Removed ${unfinished} training job(s) whose upload was still being stored when the server stopped.`);
  const runner = createJobRunner(db, {
    stepMs: config.TRAINING_STEP_MS,
    allowedDataHosts: config.SFT_DATA_ALLOWED_HOSTS,
  });
  runner.start();
  const app = createApp({
    db,
    runner,
    dashboardDir: options.dashboardDir,
    maxBodyBytes: config.MAX_BODY_BYTES,
    corsOrigins: config.CORS_ORIGINS,
    cspConnectSrc: config.CSP_CONNECT_SRC,
    chatTokenDelayMs: config.CHAT_TOKEN_DELAY_MS,
    simulateCheckFailure: config.SIMULATE_CHECK_FAILURE || undefined,
    serveSourceMaps: config.SOURCE_MAPS,
    activeJobsPerEntity: config.TRAINING_JOBS_PER_ENTITY,
    bodyRate: { minBytesPerSecond: config.MIN_BODY_BYTES_PER_SECOND, graceMs: config.BODY_RATE_GRACE_MS },
  });
  const server = await listen(app, {
    hostname: config.HOST,
    port: config.PORT,
    bodyLimitOf: (path) => apiBodyLimit(path, config.MAX_BODY_BYTES),
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    maxConnectionsPerClient: config.MAX_CONNECTIONS_PER_CLIENT,
    errorStyleOf: (path) => errorStyleForPath(path, SERVICE_PATHS),
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  return {
    url: `http://${host}:${port}`,
    db,
    runner,
    server,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runner.stop();
      db.close();
    },
  };
}

/** Closes cleanly on Ctrl-C or a stop signal, so the job runner never leaves a half-written step. */
export function closeOnSignals(services: RunningServices): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.info(`\n${signal}: stopping the local services...`);
    // Streaming responses keep connections open; give them a moment, then exit regardless.
    setTimeout(() => process.exit(0), 3000).unref();
    void services.close().then(() => process.exit(0));
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}
