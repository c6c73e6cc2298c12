import type { Browser, BrowserContext } from "playwright-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import { KEEP_NAMES_SHIM } from "./browser";
import { dashboardStorage } from "./dashboard-storage";

/**
 * A new browser context (no HTTP cache, no compiled code: what a cold load needs) whose pages of
 * `origin` start as a returning user's: the key, settings and training registry already in
 * localStorage, before any of the dashboard's scripts run. Resource Timing keeps up to 2,000
 * entries, so a page that reads in many requests can still be followed to its last one.
 */
export async function returningUserContext(
  browser: Browser,
  origin: string,
  manifest: ServerDbManifest,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: origin });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  await context.addInitScript(
    (storage) => {
      if (window.location.origin !== new URL(storage.origin).origin) return;
      for (const [key, value] of Object.entries(storage.entries)) window.localStorage.setItem(key, value);
      performance.setResourceTimingBufferSize(2000);
    },
    { origin, entries: dashboardStorage(origin, manifest) },
  );
  return context;
}
