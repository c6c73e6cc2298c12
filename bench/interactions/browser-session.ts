import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import { CHROMIUM_FLAGS, chromiumPath, KEEP_NAMES_SHIM } from "../lib/browser";
import { dashboardStorage } from "../lib/dashboard-storage";

export type BrowserSession = { browser: Browser; context: BrowserContext; page: Page; close(): Promise<void> };

/**
 * Debian's Chromium through playwright-core, one desktop-sized page of a returning user: the key,
 * settings and training registry are in localStorage before any of the dashboard's scripts run.
 */
export async function openSession(origin: string, manifest: ServerDbManifest): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Playwright passes its own headless flag.
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
  const context = await dashboardContext(browser, origin, dashboardStorage(origin, manifest));
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

const isApi = (url: string) => new URL(url).pathname.startsWith("/api/");

/**
 * Resolves once no /api/ request has been in flight for `quietMs` (prefetches done). Requests
 * `ignore` picks when they start are not waited for (one the benchmark holds back on purpose).
 */
export function networkQuiet(
  page: Page,
  ignore?: (request: Request) => boolean,
): (quietMs?: number, timeoutMs?: number) => Promise<void> {
  // Changed by the page's request events while the returned function waits.
  const network = { inFlight: 0, lastChange: Date.now() };
  const ignored = new WeakSet<Request>();
  page.on("request", (r) => {
    if (!isApi(r.url())) return;
    if (ignore?.(r)) {
      ignored.add(r);
      return;
    }
    network.inFlight += 1;
    network.lastChange = Date.now();
  });
  const settle = (r: Request) => {
    if (!isApi(r.url()) || ignored.has(r)) return;
    network.inFlight = Math.max(0, network.inFlight - 1);
    network.lastChange = Date.now();
  };
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) network.inFlight = 0;
  });
  const busy = (quietMs: number) => network.inFlight > 0 || Date.now() - network.lastChange < quietMs;
  return async (quietMs = 250, timeoutMs = 15_000) => {
    const started = Date.now();
    while (busy(quietMs)) {
      if (Date.now() - started > timeoutMs) throw new Error(`the page kept requesting for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
}

/**
 * A browser context on the dashboard: its localStorage holds `storage` (the signed-in user's
 * settings) before any of the dashboard's scripts run, and function names survive for the probes.
 */
export async function dashboardContext(
  browser: Browser,
  origin: string,
  storage: Record<string, string>,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: origin });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  await context.addInitScript(
    (entries) => {
      // Only on the dashboard's origin: about:blank has no storage.
      if (window.location.origin === new URL(entries.origin).origin) {
        for (const [key, value] of Object.entries(entries.storage)) window.localStorage.setItem(key, value);
      }
    },
    { origin, storage },
  );
  return context;
}
