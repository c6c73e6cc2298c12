import type { Hono } from "hono";
import { createDashboardFiles } from "./dashboard-files";
import type { AppEnv } from "./http/env";
import { inlineScriptHashes } from "../build/inline-scripts";
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
  // Source maps publish the dashboard's whole source: the files refuse them unless asked for.
  const files = createDashboardFiles(dashboardDir, { serveSourceMaps: options.serveSourceMaps });
  // The page's policy allows its own inline scripts by hash: worked out from the page served, so a
  // rebuild's page gets its own (the files are re-read when a build changes them).
  const policies = new WeakMap<Uint8Array, string>();
  const policyFor = (page: Uint8Array | undefined): string => {
    if (!page) return contentSecurityPolicy(options.connectSrc);
    let policy = policies.get(page);
    if (policy === undefined) {
      policy = contentSecurityPolicy(options.connectSrc, inlineScriptHashes(new TextDecoder().decode(page)));
      policies.set(page, policy);
    }
    return policy;
  };
  // Registered after the API routes, so it only sees requests those did not answer.
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) c.header(name, value);
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      c.header("Content-Security-Policy", policyFor(files.read("/index.html")?.body));
      c.header("X-Frame-Options", "DENY");
    }
  });
  app.on(["GET", "HEAD"], "*", (c) => {
    const path = c.req.path;
    const file = path === "/" ? undefined : files.read(path);
    if (file) {
      const cacheControl = path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
      return c.body(file.body, 200, { "Content-Type": file.contentType, "Cache-Control": cacheControl });
    }
    // A hashed file that is not there is a 404, not the page: a script answered with HTML fails
    // with a MIME error instead of saying it is missing.
    if (path.startsWith("/assets/")) return c.text("Not found", 404);
    // Any other address is one of the app's own (client-side routes survive a reload).
    const page = files.read("/index.html");
    if (!page) return c.text("The dashboard has not been built (npm run build).", 503);
    return c.body(page.body, 200, { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-cache" });
  });
}
