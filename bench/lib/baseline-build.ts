import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { startBenchServer, type BenchServer } from "./bench-server";

/**
 * A second build of the dashboard to compare with, side by side in one run: the environment variable `variable`
 * names its built `dist` folder (the commit before, built in a worktree: see bench/README.md). It is served by this
 * checkout's server over a copy of the same database, so only the dashboard differs.
 */
export function baselineDistDir(variable: string): string | null {
  const dir = process.env[variable]?.trim();
  if (!dir) return null;
  const absolute = resolve(dir);
  if (!existsSync(join(absolute, "index.html")))
    throw new Error(`${variable}: no built dashboard (index.html) in ${absolute}`);
  return absolute;
}

export async function startBaselineServer(databaseFile: string, dashboardDir: string): Promise<BenchServer> {
  const server = await startBenchServer({ databaseFile, dashboardDir });
  console.info(`  baseline server ${server.url} (pid ${server.pid}), dashboard from ${dashboardDir}`);
  return server;
}
