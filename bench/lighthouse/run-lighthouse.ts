import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { connect, type Page } from "puppeteer-core";
import type { ServerDbManifest } from "../fixtures/server-db";
import { CHROMIUM_FLAGS, chromiumPath, KEEP_NAMES_SHIM } from "../lib/browser";
import { dashboardStorage, writeStorage } from "../lib/dashboard-storage";
import { pageState, settlePage } from "../lib/page-state";
import { median } from "../lib/stats";
import { CATEGORIES, readAudit, type Audit } from "./audit";
import type { AuditedPage } from "./pages";

export type PageAudit = {
  page: AuditedPage;
  state: "audited" | "not built yet" | "error";
  error?: string;
  runs: Audit[];
  median: Audit | null;
};

/** The run with the median performance score (Lighthouse's advice for noisy scores). */
function medianRun(runs: Audit[]): Audit | null {
  if (runs.length === 0) return null;
  const target = median(runs.map((r) => r.scores.performance ?? 0));
  return runs.find((r) => (r.scores.performance ?? 0) === target) ?? (runs[0] as Audit);
}

/** Checks that the page renders (or is not built yet), then audits it `runs` times. */
async function auditPage(page: Page, origin: string, audited: AuditedPage, runs: number): Promise<PageAudit> {
  await page.goto(`${origin}${audited.path}`);
  const state = await settlePage((selector) => page.evaluate(pageState, selector), audited.readySelector);
  if (state === "not built yet") return { page: audited, state, runs: [], median: null };
  if (state !== "ready")
    throw new Error(
      `${audited.path} did not render (${state === "no key" ? "sent to Settings: the stored key was not picked up" : "timed out"})`,
    );
  const audits: Audit[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(
      `${origin}${audited.path}`,
      { logLevel: "error", output: "json", onlyCategories: [...CATEGORIES], disableStorageReset: true },
      desktopConfig,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${audited.path}`);
    const audit = readAudit(result.lhr);
    if (new URL(audit.finalUrl).pathname !== audited.path)
      throw new Error(`Lighthouse's load of ${audited.path} ended at ${audit.finalUrl}`);
    audits.push(audit);
    console.info(`    ${audited.name}: ${CATEGORIES.map((c) => `${c} ${audit.scores[c]}`).join(", ")}`);
  }
  return { page: audited, state: "audited", runs: audits, median: medianRun(audits) };
}

/**
 * Lighthouse (desktop config) on each page, `runs` times, in one Chromium launched with the
 * closed-network flags. The API key and settings are put in localStorage by a first navigation
 * to the origin, and Lighthouse is told not to clear storage (disableStorageReset), so each audited
 * load is a returning user's. A page first checks that it renders: if the route shows the
 * dashboard's not-found page it is recorded as "not built yet" instead of audited.
 */
export async function runLighthouse(
  origin: string,
  manifest: ServerDbManifest,
  pages: AuditedPage[],
  runs: number,
): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  try {
    const browser = await connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const page = await browser.newPage();
      await page.evaluateOnNewDocument(KEEP_NAMES_SHIM);
      await page.goto(`${origin}/config.json`);
      await page.evaluate(writeStorage, dashboardStorage(origin, manifest));

      const results: PageAudit[] = [];
      for (const audited of pages) {
        try {
          results.push(await auditPage(page, origin, audited, runs));
        } catch (error) {
          // One page failing is reported as such; the other pages are still audited.
          console.error(error);
          results.push({
            page: audited,
            state: "error",
            error: error instanceof Error ? error.message : String(error),
            runs: [],
            median: null,
          });
        }
      }
      return results;
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}
