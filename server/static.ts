import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { AppEnv } from "./http/env";
import { BASE_SECURITY_HEADERS, contentSecurityPolicy } from "./security-headers";

export type DashboardOptions = {
  /** Origins besides its own that the page may call (CSP connect-src). */
  connectSrc?: readonly string[];
  /** Serve `.map` files (SOURCE_MAPS=1); otherwise they are a 404 even when a build left some behind. */
  serveSourceMaps?: boolean;
};

/**
 * Serves the built dashboard: hashed assets cached for a year, everything else revalidated, and
 * any other GET answered with index.html so client-side routes survive a reload. HTML responses
 * carry the Content-Security-Policy; every dashboard response carries nosniff and no-referrer.
 */
export function mountDashboard(app: Hono<AppEnv>, dashboardDir: string, options: DashboardOptions = {}): void {
  const policy = contentSecurityPolicy(options.connectSrc);
  // Registered after the API routes, so it only sees requests those did not answer.
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) c.header(name, value);
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      c.header("Content-Security-Policy", policy);
      c.header("X-Frame-Options", "DENY");
    }
  });
  if (!options.serveSourceMaps) {
    // Source maps publish the dashboard's whole source: never served unless asked for.
    app.use("*", async (c, next) => (c.req.path.endsWith(".map") ? c.text("Not found", 404) : next()));
  }
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
