import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { AppEnv } from "./http/env";

/**
 * Serves the built dashboard: hashed assets cached for a year, everything else revalidated, and
 * any other GET answered with index.html so client-side routes survive a reload.
 */
export function mountDashboard(app: Hono<AppEnv>, dashboardDir: string): void {
  // serveStatic resolves `root` against the working directory.
  const root = relative(process.cwd(), dashboardDir) || ".";
  app.use(
    "/assets/*",
    serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  app.use("*", serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "no-cache") }));
  app.get("*", (c) => {
    // Read per request so a rebuild while the server runs is picked up.
    const html = readFileSync(join(dashboardDir, "index.html"), "utf8");
    c.header("Cache-Control", "no-cache");
    return c.html(html);
  });
}
