import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Files whose change means dist/ must be rebuilt. */
const BUILD_INPUTS = [
  "index.html",
  "vite.config.ts",
  "aliases.ts",
  "build",
  "package-lock.json",
  "src",
  "public",
  "contract",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether dist/ is missing or older than any of its sources. */
export function dashboardIsStale(rootDir: string, distDir: string): boolean {
  const builtAt = newestMtime(join(distDir, "index.html"));
  if (builtAt === 0) return true;
  return BUILD_INPUTS.some((input) => newestMtime(join(rootDir, input)) > builtAt);
}

/** Builds the dashboard with Vite when it is missing or stale, so `npm start` always serves the current code. */
export async function ensureDashboardBuilt(rootDir: string, distDir: string): Promise<void> {
  if (!dashboardIsStale(rootDir, distDir)) return;
  console.info("Building the dashboard (dist/ is missing or older than its sources)...");
  const { build } = await import("vite");
  await build({ root: rootDir, logLevel: "warn", build: { outDir: distDir, emptyOutDir: true } });
}
